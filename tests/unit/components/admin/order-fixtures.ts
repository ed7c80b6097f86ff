import type { Payment, TopUpLine, TransactionDetails, VignetteLine } from '@/lib/admin-client/admin-api';
import type { OrderDetails, OrderEvent } from '@/lib/admin-client/order-actions-api';

/** A 10-day D1 vignette, issued: a line of the details call as the server answers it. */
export const VIGNETTE_LINE: VignetteLine = {
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
};

/** A 10 EUR Orange top-up credited to the number, not delivered yet. */
export const TOP_UP_LINE = {
  operatorId: 'orange',
  operator: 'Orange PrePay',
  productId: 'orange-10',
  faceValue: 10,
  currency: 'EUR',
  delivery: 'DIRECT',
  phone: '+40799980001',
  priceRon: 6200,
  id: 21,
  revision: 0,
  reference: null,
  attempts: 1,
  lastError: null,
  pin: null,
  providerCost: null,
} as unknown as TopUpLine;

/** The first event of every order. */
export const ORDER_CREATED: OrderEvent = {
  from: null,
  to: 'PENDING_PAYMENT',
  reason: 'order created',
  actor: 'buyer',
  at: '2026-11-20T10:00:00.000Z',
  code: 'order.created',
  params: null,
};

/** A vignette order of one line, delivered, as the details call answers it: tests change what they are about. */
export const VIGNETTE_ORDER: OrderDetails = {
  id: 'order-1',
  reference: null,
  kind: 'VIGNETTE',
  status: 'FULFILLED',
  email: 'buyer@example.com',
  phone: null,
  locale: 'ro',
  amountRon: 8976,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:05:00.000Z',
  providerPaymentId: 'ntp-778',
  needsReview: false,
  active: false,
  activeBy: null,
  activeAt: null,
  invoiceNumber: 'RPV-2026-000042',
  invoice: null,
  items: [VIGNETTE_LINE],
  events: [ORDER_CREATED],
  needsAttention: false,
  attentionReasons: [],
  refundableRon: 8976,
  refunds: [],
  duplicatePayments: [],
  invoiceData: null,
  corrections: [],
};

/** The list's row of an order, which opens its details. */
export const rowOf = (order: OrderDetails): Payment => ({
  id: order.id,
  reference: order.reference,
  needsAttention: order.needsAttention,
  kind: order.kind,
  status: order.status,
  email: order.email,
  phone: order.phone,
  plates: ['B123ABC'],
  description: 'CAR WEEK',
  products: [{ categoryCode: 'CAR', type: 'WEEK', count: 1 }],
  amountRon: order.amountRon,
  createdAt: order.createdAt,
  needsReview: order.needsReview,
  active: order.active,
  activeBy: order.activeBy,
  activeAt: order.activeAt,
  invoiceNumber: order.invoiceNumber,
});

/** One delivered vignette order as the list's row (for the tests of the order's screens: spread and change it). */
export const PAYMENT: Payment = {
  id: 'order-1',
  reference: null,
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

/** The same order as the details call answers it, with its history from creation to delivery. */
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
      actor: 'provider',
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
