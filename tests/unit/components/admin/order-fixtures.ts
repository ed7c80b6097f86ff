import type { Payment, TransactionDetails } from '@/lib/admin-client/admin-api';

/*
 * One delivered vignette order, as the list's row and as the details show it, for the tests of the order's screens;
 * a test spreads it and changes what it is about.
 */

export const PAYMENT: Payment = {
  id: 'order-1',
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

/** The order's one line: a weekly vignette, issued. */
export const VIGNETTE_LINE = {
  categoryCode: 'CAR',
  categoryTitle: 'D1',
  type: 'WEEK' as const,
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
};

export const DETAILS: TransactionDetails = {
  ...PAYMENT,
  locale: 'ro',
  invoiceData: null,
  updatedAt: '2026-11-20T10:05:00.000Z',
  providerPaymentId: 'ntp-778',
  invoice: null,
  items: [VIGNETTE_LINE],
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
  duplicatePayments: [],
  corrections: [],
};
