/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { TransactionDetailsDialog } from '@/components/admin/transactions/transaction-details-dialog';
import type { Payment, TransactionDetails } from '@/lib/admin-client/admin-api';
import { logout } from '@/lib/admin-client/session';
import { callsTo, on, resetFakeApi } from './fake-api';
import { renderAdmin, signInAs, t } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const OPERATOR = ['PAYMENT_READ', 'INVOICE_READ'];

const PAYMENT: Payment = {
  id: 'order-1',
  reference: 'RP-7K3-9QX',
  kind: 'VIGNETTE',
  status: 'FULFILLED',
  email: 'buyer@example.com',
  phone: null,
  plates: ['B123ABC'],
  description: 'CAR WEEK',
  products: [{ categoryCode: 'CAR', type: 'WEEK', count: 1 }],
  amountRon: 8976,
  createdAt: '2026-11-20T10:00:00.000Z',
  needsReview: false,
  needsAttention: false,
  active: false,
  activeBy: null,
  activeAt: null,
  invoiceNumber: 'RP-2026-000042',
};

const DETAILS: TransactionDetails = {
  ...PAYMENT,
  locale: 'ro',
  updatedAt: '2026-11-20T10:05:00.000Z',
  providerPaymentId: 'ntp-778',
  invoice: null,
  items: [
    {
      categoryCode: 'CAR',
      categoryTitle: 'D1',
      type: 'WEEK',
      county: null,
      plate: 'B123ABC',
      country: 'RO',
      firstDay: '2026-11-20',
      lastDay: '2026-11-29',
      priceHuf: 6900,
      priceRon: 8976,
      id: 1,
      revision: 0,
      reference: 'HU-E-123456',
      attempts: 1,
      lastError: null,
    },
  ],
  events: [
    {
      from: null,
      to: 'PENDING_PAYMENT',
      reason: 'order created',
      code: null,
      params: null,
      actor: 'buyer',
      at: '2026-11-20T10:00:00.000Z',
    },
    {
      from: 'PENDING_PAYMENT',
      to: 'PAID',
      reason: 'provider status 3',
      code: null,
      params: null,
      actor: 'netopia',
      at: '2026-11-20T10:01:00.000Z',
    },
    {
      from: 'PAID',
      to: 'FULFILLED',
      reason: 'issued',
      code: null,
      params: null,
      actor: 'system',
      at: '2026-11-20T10:02:00.000Z',
    },
  ],
  attentionReasons: [],
  refundableRon: 8976,
  refunds: [],
  corrections: [],
};

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  on('GET', '/api/nmps/utils/transaction/details', { body: DETAILS });
});

const dialog = () => screen.findByRole('dialog', { name: t.details.title.replace('{id}', 'RP-7K3-9QX') });

describe('transaction details', () => {
  it('show the lines with the issuer’s reference and the history, and no "mark as active" without PAYMENT_WRITE', async () => {
    signInAs(OPERATOR);
    renderAdmin(<TransactionDetailsDialog payment={PAYMENT} onClose={() => {}} />);
    const details = within(await dialog());
    expect(await details.findByText('HU-E-123456')).toBeInTheDocument();
    expect(details.getByRole('heading', { name: 'D1 de 10 zile' })).toBeInTheDocument();
    expect(details.getByText('provider status 3 · de netopia')).toBeInTheDocument();
    expect(details.getByText(t.details.active.no)).toBeInTheDocument();
    expect(details.queryByRole('button', { name: t.details.active.mark })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/nmps/utils/transaction/details')[0]!.params).toEqual({ id: 'order-1' });
  });

  it('with PAYMENT_WRITE mark the order active, then say who did it and when', async () => {
    signInAs([...OPERATOR, 'PAYMENT_WRITE'], { username: 'ana' });
    const marked = { ...PAYMENT, active: true, activeBy: 'ana', activeAt: '2026-11-21T09:30:00.000Z' };
    on('PATCH', '/api/admin/payment', { body: marked });
    renderAdmin(<TransactionDetailsDialog payment={PAYMENT} onClose={() => {}} />);
    const details = within(await dialog());
    on('GET', '/api/nmps/utils/transaction/details', { body: { ...DETAILS, ...marked } });
    fireEvent.click(await details.findByRole('button', { name: t.details.active.mark }));

    expect(await details.findByText(/^Marcată activă de ana la 21 nov\. 2026, 11:30\.$/)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/payment')[0]!.json).toEqual({ id: 'order-1', active: true });
    expect(details.queryByRole('button', { name: t.details.active.mark })).not.toBeInTheDocument();
  });
});
