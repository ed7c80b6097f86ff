import type { orderStatuses } from '@/lib/db/schema';

export type OrderStatus = (typeof orderStatuses)[number];

/**
 * The order state machine (docs/domain.md, Order statuses): for each state, the states it may move to. A terminal state
 * has none: it never goes back, whatever arrives later.
 */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING_PAYMENT: ['PAID', 'FAILED', 'CANCELED', 'EXPIRED'],
  // A refund done at the provider's side may arrive while the order is still being delivered.
  PAID: ['FULFILLED', 'FULFILLMENT_FAILED', 'REFUNDED'],
  // Staff send a failed order back to delivery (PAID), or refund it.
  FULFILLMENT_FAILED: ['PAID', 'FULFILLED', 'REFUND_PENDING', 'REFUNDED'],
  FULFILLED: ['REFUND_PENDING', 'REFUNDED'],
  // The provider confirms (REFUNDED), or refuses, or refunds only part: the order goes back to where it was.
  REFUND_PENDING: ['REFUNDED', 'FULFILLED', 'FULFILLMENT_FAILED'],
  // The buyer pays again after a decline or an expired form, within a short while (lib/payments/pay-again.ts).
  FAILED: ['PENDING_PAYMENT'],
  CANCELED: [],
  EXPIRED: ['PENDING_PAYMENT'],
  REFUNDED: [],
};

/** The states an order may be in for a move to `to`: the WHERE of the conditional update. */
export const sourcesOf = (to: OrderStatus): OrderStatus[] =>
  (Object.keys(TRANSITIONS) as OrderStatus[]).filter((from) => TRANSITIONS[from].includes(to));

/** The states of an order that was paid (and has an invoice): whatever happened after, its cart must not be paid again. */
export const PAID_STATUSES: readonly OrderStatus[] = [
  'PAID',
  'FULFILLED',
  'FULFILLMENT_FAILED',
  'REFUND_PENDING',
  'REFUNDED',
];
