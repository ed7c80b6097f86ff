import { budapestToday } from '@/lib/vignettes/validity';
import type { OrderItemRow, OrderRow } from './orders';

/**
 * How long after it was placed an order that was declined or whose form expired may be paid again. Its price and its
 * vignettes' days were fixed then; within an hour they still hold (the exchange rate changes once a day, and the
 * card form itself lasts 15 minutes). Later, the buyer's cart, which is kept, makes a new order at today's prices.
 */
export const PAY_AGAIN_WINDOW_MS = 60 * 60_000;

/**
 * Payments one order may start, the first included. A few declines are a buyer trying another card; more are
 * somebody testing stolen card numbers against one order, which the provider would count against the shop.
 */
export const MAX_PAYMENT_ATTEMPTS = 5;

/** Why an order cannot be paid again (`PayAgain.refused.<reason>` in the messages). */
export const PAY_AGAIN_REFUSALS = [
  'PAID',
  'CLOSED',
  'TOO_LATE',
  'START_DAY_PASSED',
  'TOO_MANY_ATTEMPTS',
] as const;
export type PayAgainRefusal = (typeof PAY_AGAIN_REFUSALS)[number];

/**
 * Whether the buyer may pay an order again, and if not why: only a declined order (FAILED) or one whose form expired
 * (EXPIRED), no money of which arrived (a late payment is staff's to settle), within the window and the attempts,
 * with no vignette whose first day has passed.
 */
export function payAgainRefusal(
  order: Pick<OrderRow, 'status' | 'needsReview' | 'createdAt' | 'paymentAttempts'>,
  items: Pick<OrderItemRow, 'firstDay'>[],
  now: Date,
): PayAgainRefusal | null {
  if (order.status !== 'FAILED' && order.status !== 'EXPIRED') {
    return order.status === 'CANCELED' || order.status === 'PENDING_PAYMENT' ? 'CLOSED' : 'PAID';
  }
  if (order.needsReview) return 'PAID';
  if (order.paymentAttempts >= MAX_PAYMENT_ATTEMPTS) return 'TOO_MANY_ATTEMPTS';
  if (now.getTime() - order.createdAt.getTime() > PAY_AGAIN_WINDOW_MS) return 'TOO_LATE';
  const today = budapestToday(now);
  if (items.some((item) => item.firstDay !== null && item.firstDay < today)) return 'START_DAY_PASSED';
  return null;
}

/** Until when an order may be paid again, the window's end (the other rules aside). */
export const payAgainUntil = (order: Pick<OrderRow, 'createdAt'>) =>
  new Date(order.createdAt.getTime() + PAY_AGAIN_WINDOW_MS);
