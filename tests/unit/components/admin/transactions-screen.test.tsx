/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TransactionsScreen } from '@/components/admin/transactions/transactions-screen';
import type { Payment } from '@/lib/admin-client/admin-api';
import { lastDays } from '@/lib/admin-client/format';
import { logout } from '@/lib/admin-client/session';
import { calls, on, resetFakeApi, type FakeRequest } from './fake-api';
import { PAYMENT } from './order-fixtures';
import { renderAdmin, signInAs, t, validation } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const c = t.transactions.columns;
const f = t.transactions.filters;

const payment = (index: number): Payment => ({
  ...PAYMENT,
  id: `order-${index}`,
  reference: null,
  kind: index % 2 ? 'TOPUP' : 'VIGNETTE',
  email: `buyer${index}@example.com`,
  phone: index % 2 ? '+40712345678' : null,
  plates: index % 2 ? [] : ['B123ABC'],
  description: index % 2 ? 'Orange PrePay 5 EUR' : 'CAR WEEK',
  products:
    index % 2
      ? [{ operator: 'Orange PrePay', faceValueCents: 500, currency: 'EUR', delivery: 'DIRECT', count: 1 }]
      : [{ categoryCode: 'CAR', type: 'WEEK', count: 1 }],
  amountRon: 1000 * (index + 1),
  invoiceNumber: null,
});

/** The list's calls, newest last, as their query parameters. */
const listQueries = () =>
  calls.filter((call) => call.path === '/api/admin/payment').map((call) => call.params);
const lastListQuery = () => listQueries().at(-1);
/** The list itself (the chart's figures are a table too). */
const listTable = () => within(screen.getByRole('table', { name: t.transactions.caption }));

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  signInAs(['PAYMENT_READ']);
  on('GET', '/api/admin/payment', ({ params }: FakeRequest) => {
    const page = Number(params.page);
    const size = Number(params.size);
    const total = 45;
    const count = Math.max(Math.min(size, total - page * size), 0);
    return {
      body: {
        items: Array.from({ length: count }, (_, index) => payment(page * size + index)),
        total,
        page,
        size,
      },
    };
  });
  on('GET', '/api/admin/payment/daily', {
    body: [
      { day: '2026-11-19', count: 2, amountRon: 12000 },
      { day: '2026-11-20', count: 5, amountRon: 30050 },
    ],
  });
});

async function renderScreen() {
  renderAdmin(<TransactionsScreen />);
  await screen.findByRole('button', { name: t.transactions.open.replace('{id}', 'order-0') });
}

describe('TransactionsScreen', () => {
  it('asks first for the newest transactions of the last 30 days, 20 a page', async () => {
    await renderScreen();
    expect(listQueries()).toEqual([
      { page: '0', size: '20', sort: 'createdAt', dir: 'desc', ...lastDays(30) },
    ]);
    expect(listTable().getByRole('columnheader', { name: c.createdAt })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(listTable().getByRole('columnheader', { name: c.amount })).toHaveAttribute('aria-sort', 'none');
    expect(listTable().getAllByRole('row')).toHaveLength(21);
  });

  it('names the products in the admin’s language, from the rows’ structured products', async () => {
    await renderScreen();
    const row = (id: string) =>
      within(screen.getByRole('button', { name: t.transactions.open.replace('{id}', id) }).closest('tr')!);
    expect(row('order-0').getByText('D1 de 10 zile')).toBeInTheDocument();
    expect(row('order-1').getByText(/^Orange PrePay 5,00\sEUR$/)).toBeInTheDocument();
  });

  it('sorts on the server by the clicked column, then the other way on a second click, from the first page', async () => {
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: t.paging.next }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ page: '1' }));

    fireEvent.click(listTable().getByRole('button', { name: c.amount }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sort: 'amount', dir: 'desc', page: '0' }));
    expect(listTable().getByRole('columnheader', { name: c.amount })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(listTable().getByRole('columnheader', { name: c.createdAt })).toHaveAttribute('aria-sort', 'none');

    fireEvent.click(listTable().getByRole('button', { name: c.amount }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sort: 'amount', dir: 'asc' }));
    expect(listTable().getByRole('columnheader', { name: c.amount })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    fireEvent.click(listTable().getByRole('button', { name: c.email }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sort: 'email', dir: 'asc' }));
  });

  it('sends the chosen state, product and "active" filters, each from the first page', async () => {
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: t.paging.next }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ page: '1' }));

    fireEvent.change(screen.getByLabelText(f.status), { target: { value: 'PAID' } });
    await waitFor(() => expect(lastListQuery()).toMatchObject({ status: 'PAID', page: '0' }));
    fireEvent.change(screen.getByLabelText(f.product), { target: { value: 'CAR' } });
    fireEvent.change(screen.getByLabelText(f.active), { target: { value: 'false' } });
    fireEvent.change(screen.getByLabelText(f.from), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(f.to), { target: { value: '2026-11-15' } });
    await waitFor(() =>
      expect(lastListQuery()).toEqual({
        page: '0',
        size: '20',
        sort: 'createdAt',
        dir: 'desc',
        from: '2026-11-01',
        to: '2026-11-15',
        status: 'PAID',
        product: 'CAR',
        active: 'false',
      }),
    );
    // The chart follows the same filters.
    const daily = calls.filter((call) => call.path === '/api/admin/payment/daily').at(-1);
    expect(daily?.params).toEqual({
      from: '2026-11-01',
      to: '2026-11-15',
      status: 'PAID',
      product: 'CAR',
      active: 'false',
    });

    fireEvent.click(screen.getByRole('button', { name: f.reset }));
    await waitFor(() =>
      expect(lastListQuery()).toEqual({
        page: '0',
        size: '20',
        sort: 'createdAt',
        dir: 'desc',
        ...lastDays(30),
      }),
    );
  });

  it('searches for what was typed once typing pauses', async () => {
    await renderScreen();
    await userEvent.type(screen.getByLabelText(f.search), ' B 123 ABC ');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ q: 'B 123 ABC', page: '0' }));
  });

  it('pages: previous only after the first page, next until the last, and a new page size from the first', async () => {
    await renderScreen();
    const paging = screen.getByRole('navigation', { name: t.paging.label });
    expect(within(paging).getByText('Pagina 1 din 3')).toBeInTheDocument();
    expect(within(paging).getByText('1–20 din 45')).toBeInTheDocument();
    expect(within(paging).getByRole('button', { name: t.paging.previous })).toBeDisabled();

    fireEvent.click(within(paging).getByRole('button', { name: t.paging.next }));
    fireEvent.click(await within(paging).findByRole('button', { name: t.paging.next }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ page: '2' }));
    await waitFor(() => expect(within(paging).getByText('41–45 din 45')).toBeInTheDocument());
    expect(within(paging).getByRole('button', { name: t.paging.next })).toBeDisabled();

    fireEvent.change(within(paging).getByLabelText(t.paging.size), { target: { value: '50' } });
    await waitFor(() => expect(lastListQuery()).toMatchObject({ page: '0', size: '50' }));
  });

  it('does not ask for an end before the start, and says why next to the field', async () => {
    await renderScreen();
    const before = calls.length;
    fireEvent.change(screen.getByLabelText(f.from), { target: { value: '2026-11-15' } });
    fireEvent.change(screen.getByLabelText(f.to), { target: { value: '2026-11-01' } });
    expect(await screen.findByText(validation.dateRangeInverted)).toBeInTheDocument();
    expect(screen.getByLabelText(f.to)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.slice(before).filter((call) => call.params.to === '2026-11-01')).toEqual([]);
  });

  it('draws the sales of the range per day', async () => {
    await renderScreen();
    await waitFor(() => expect(screen.getAllByTestId('sales-bar')).toHaveLength(2));
  });

  it('shows under the chart the expiry reminders of the range and the buyers who came back through them', async () => {
    on('GET', '/api/admin/reminders', { body: { sent: 12, ordersBack: 3, buyersBack: 2 } });
    await renderScreen();
    const figures = await screen.findByTestId('reminder-figures');
    expect(figures).toHaveTextContent(t.reminders.sent.replace('{count}', '12'));
    expect(figures).toHaveTextContent('2 (3 comenzi)');
    expect(calls.filter((call) => call.path === '/api/admin/reminders').at(-1)?.params).toEqual(lastDays(30));
  });
});
