/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TransactionsScreen } from '@/components/admin/transactions/transactions-screen';
import { lastDays } from '@/lib/admin-client/format';
import type { PaymentRow } from '@/lib/admin-client/order-actions-api';
import { logout } from '@/lib/admin-client/session';
import { calls, on, resetFakeApi, type FakeRequest } from './fake-api';
import { renderAdmin, signInAs, t } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const row = (index: number, needsAttention: boolean): PaymentRow => ({
  id: `order-${index}`,
  reference: null,
  kind: 'VIGNETTE',
  status: needsAttention ? 'FULFILLMENT_FAILED' : 'FULFILLED',
  email: `buyer${index}@example.com`,
  phone: null,
  plates: ['B123ABC'],
  description: 'CAR WEEK',
  products: [{ categoryCode: 'CAR', type: 'WEEK', count: 1 }],
  amountRon: 8976,
  createdAt: '2026-11-20T10:00:00.000Z',
  needsReview: needsAttention,
  active: false,
  activeBy: null,
  activeAt: null,
  invoiceNumber: null,
  needsAttention,
});

/** How many orders need a hand, whatever the filters; the list itself follows the filter. */
let waiting = 3;

const listQueries = () =>
  calls.filter((call) => call.path === '/api/admin/payment').map((call) => call.params);
const listTable = () => within(screen.getByRole('table', { name: t.transactions.caption }));
const rowOf = (id: string) =>
  within(
    listTable()
      .getByRole('button', { name: t.transactions.open.replace('{id}', id) })
      .closest('tr')!,
  );

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  signInAs(['PAYMENT_READ']);
  waiting = 3;
  on('GET', '/api/admin/payment', ({ params }: FakeRequest) => {
    const items = params.attention === 'true' ? [row(1, true)] : [row(0, false), row(1, true)];
    // All of them span pages, so that "from the first page" means something.
    const total = params.attention === 'true' ? items.length : 45;
    return { body: { items, total, page: Number(params.page), size: 20, attention: waiting } };
  });
  on('GET', '/api/admin/payment/daily', { body: [] });
});

describe('the orders that need attention', () => {
  it('are counted next to the filters, marked in the list, and shown alone on request, from the first page', async () => {
    renderAdmin(<TransactionsScreen />);
    const toggle = await screen.findByRole('button', { name: /^Necesită atenție\s*\(\s*3\s*\)$/ });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveTextContent(`${t.attention.filter} (3)`);

    expect(rowOf('order-1').getByText(t.attention.marker)).toBeInTheDocument();
    expect(rowOf('order-0').queryByText(t.attention.marker)).not.toBeInTheDocument();
    // One marker, not "to review" beside it.
    expect(rowOf('order-1').queryByText(t.transactions.needsReview)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: t.paging.next }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ page: '1' }));
    fireEvent.click(toggle);
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ attention: 'true', page: '0' }));
    expect(screen.getByRole('button', { name: /^Necesită atenție\s*\(\s*3\s*\)$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(listTable().getAllByRole('row')).toHaveLength(2));
    // The chart shows sales: the worklist filter is the list's alone.
    const daily = calls.filter((call) => call.path === '/api/admin/payment/daily').at(-1);
    expect(daily?.params).not.toHaveProperty('attention');

    fireEvent.click(screen.getByRole('button', { name: /^Necesită atenție\s*\(\s*3\s*\)$/ }));
    await waitFor(() => expect(listQueries().at(-1)).not.toHaveProperty('attention'));
  });

  it('show no badge when none does, and the filters’ reset clears the toggle', async () => {
    waiting = 0;
    renderAdmin(<TransactionsScreen />);
    const toggle = await screen.findByRole('button', { name: t.attention.filter });
    expect(toggle).toHaveTextContent(new RegExp(`^${t.attention.filter}$`));

    fireEvent.click(toggle);
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ attention: 'true' }));
    fireEvent.click(screen.getByRole('button', { name: t.transactions.filters.reset }));
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({
        page: '0',
        size: '20',
        sort: 'createdAt',
        dir: 'desc',
        ...lastDays(30),
      }),
    );
    expect(screen.getByRole('button', { name: t.attention.filter })).toHaveAttribute('aria-pressed', 'false');
  });
});
