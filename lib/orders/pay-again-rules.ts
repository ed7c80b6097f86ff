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
  'PRICES_CHANGED',
] as const;
export type PayAgainRefusal = (typeof PAY_AGAIN_REFUSALS)[number];

/**
 * The refusals after which the order is over for good: the buyer starts again with the same items in the cart, at
 * today's prices and days. The others say why the order cannot be paid (it was, or staff closed it).
 */
export const ENDED_FOR_GOOD: readonly PayAgainRefusal[] = [
  'TOO_LATE',
  'START_DAY_PASSED',
  'TOO_MANY_ATTEMPTS',
  'PRICES_CHANGED',
];

/**
 * How long an order may wait for the payment it never started (its first request died before asking the provider)
 * before it counts as abandoned: a moment, as the page that shows the order's link comes only after the payment form.
 */
const NEVER_STARTED_MS = 60_000;

/**
 * Whether an order still waiting for its payment was left: its card form expired without a word from the provider
 * (the buyer closed the page, or the bank's 3-D Secure page), or its payment was never started. Its buyer may pay it
 * as a declined one, and the order page, opened from its link, offers it instead of waiting.
 */
export function isAbandoned(
  order: Pick<OrderRow, 'status' | 'paymentUrl' | 'paymentExpiresAt' | 'createdAt'>,
  now: Date,
): boolean {
  if (order.status !== 'PENDING_PAYMENT') return false;
  if (!order.paymentUrl) return now.getTime() - order.createdAt.getTime() > NEVER_STARTED_MS;
  return order.paymentExpiresAt !== null && order.paymentExpiresAt <= now;
}

/**
 * Whether the buyer may pay an order again, and if not why: only a declined order (FAILED), one whose form expired
 * (EXPIRED) or was left (isAbandoned), no money of which arrived (a late payment is staff's to settle), within the
 * window and the attempts, with no vignette whose first day has passed.
 */
export function payAgainRefusal(
  order: Pick<
    OrderRow,
    'status' | 'needsReview' | 'createdAt' | 'paymentAttempts' | 'paymentUrl' | 'paymentExpiresAt'
  >,
  items: Pick<OrderItemRow, 'firstDay'>[],
  now: Date,
): PayAgainRefusal | null {
  if (order.status !== 'FAILED' && order.status !== 'EXPIRED' && !isAbandoned(order, now)) {
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
