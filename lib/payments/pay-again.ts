import 'server-only';

import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import { getPaymentGateway } from '@/lib/payment-provider/gateway';
import { restartedPaymentReference } from '@/lib/payment-provider/payment-reference';
import { applyProviderState } from '@/lib/payments/reconciler';
import { paymentPartsOf, startOrderPayment } from '@/lib/orders/create-order';
import { findOrder, transitionOrder, type OrderRow } from '@/lib/orders/orders';
import { isAbandoned, payAgainRefusal, type PayAgainRefusal } from '@/lib/orders/pay-again-rules';
import { loadOrderItems } from '@/lib/orders/order-read';
import { PAID_STATUSES } from '@/lib/orders/status';
import { orderedVignetteOf, pricesChanged } from '@/lib/orders/start-again';
import { assertProductLineSold, productLineOf } from '@/lib/orders/product-lines';

/**
 * A payment left at the provider's form (isAbandoned) is settled before another starts: the provider is asked how it
 * went (a payment made meanwhile makes the order paid, and "pay again" answers PAID), and one it has nothing
 * conclusive about is expired, as the reconciler would an hour later, so that the new payment goes the declined
 * order's way. A word about the old payment arriving after all is then a late payment, kept for staff.
 */
async function closeAbandonedPayment(db: Db, order: OrderRow): Promise<OrderRow> {
  try {
    if (order.providerPaymentId) await applyProviderState(db, getPaymentGateway(), order);
  } catch (error) {
    logger.warn({ err: error, orderId: order.id }, 'the provider could not be asked about a left payment');
    throw new ApiError(
      'UNAVAILABLE',
      'The payment provider is unavailable; please try again in a few minutes',
    );
  }
  await transitionOrder(db, {
    orderId: order.id,
    to: 'EXPIRED',
    reason: 'the buyer pays again after leaving the payment form',
    actor: 'buyer',
    code: 'payment.expired',
  });
  const current = (await findOrder(db, order.id))!;
  if (current.status === 'PENDING_PAYMENT' || PAID_STATUSES.includes(current.status) || current.needsReview) {
    throw new ApiError('CONFLICT', REFUSAL_MESSAGE.PAID, [
      { path: 'orderId', code: 'payAgain.PAID', message: REFUSAL_MESSAGE.PAID },
    ]);
  }
  return current;
}

const REFUSAL_MESSAGE: Record<PayAgainRefusal, string> = {
  PAID: 'This order is paid already',
  CLOSED: 'This order is closed and cannot be paid',
  TOO_LATE: 'This order can no longer be paid; place a new one',
  START_DAY_PASSED: "A vignette's first day has passed; place a new order",
  TOO_MANY_ATTEMPTS: 'Too many payments were tried for this order; place a new one',
  PRICES_CHANGED: "The prices changed since this order was placed; place it again at today's prices",
};

/**
 * "Pay again" (`POST /api/orders/{orderId}/payment`): a new payment of the same order at the provider, under a new
 * orderID (`<order id>.<suffix>`: the provider keeps its declined one), so the buyer need not fill in anything again.
 * The order goes back to PENDING_PAYMENT with the new reference in one transaction, before the provider is asked, so
 * that a late word about the declined payment is recognised as old news (lib/payments/notifications.ts). A second
 * press while the new form is open answers that form: one order, one open payment.
 */
export async function payAgain(db: Db, orderId: string, now = new Date()): Promise<OrderRow> {
  let order = await findOrder(db, orderId);
  if (!order) throw new ApiError('NOT_FOUND', 'No such order');
  assertProductLineSold(productLineOf(order));
  if (order.status === 'PENDING_PAYMENT' && order.paymentUrl && order.paymentExpiresAt! > now) return order;
  const items = await loadOrderItems(db, orderId);
  const refuse = (refusal: PayAgainRefusal) => {
    throw new ApiError('CONFLICT', REFUSAL_MESSAGE[refusal], [
      { path: 'orderId', code: `payAgain.${refusal}`, message: REFUSAL_MESSAGE[refusal] },
    ]);
  };
  const refusal = payAgainRefusal(
    order,
    items.map(({ item }) => item),
    now,
  );
  if (refusal) refuse(refusal);
  const vignettes = items.flatMap(({ item }) =>
    item.vignetteType ? [{ ...orderedVignetteOf(item), priceBani: item.priceBani }] : [],
  );
  if (await pricesChanged(vignettes, now)) refuse('PRICES_CHANGED');
  if (isAbandoned(order, now)) order = await closeAbandonedPayment(db, order);

  const reference = restartedPaymentReference(orderId);
  const formLifetimeMs = getPaymentGateway().formLifetimeSeconds * 1000;
  const reopened = await db.transaction(async (tx) => {
    const from = await transitionOrder(tx, {
      orderId,
      to: 'PENDING_PAYMENT',
      reason: 'the buyer pays again',
      actor: 'buyer',
      code: 'payment.retried',
      params: { attempt: order.paymentAttempts + 1 },
    });
    if (!from) return false;
    await tx
      .update(orders)
      .set({
        paymentReference: reference,
        paymentAttempts: sql`${orders.paymentAttempts} + 1`,
        providerPaymentId: null,
        paymentUrl: null,
        paymentErrorCode: null,
        // The reconciler leaves the order alone while its new form may be open.
        paymentExpiresAt: new Date(now.getTime() + formLifetimeMs),
        updatedAt: now,
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'PENDING_PAYMENT')));
    return true;
  });
  const current = (await findOrder(db, orderId))!;
  if (!reopened) {
    // Another press got there first: its form, once recorded, is this answer too.
    if (current.status === 'PENDING_PAYMENT' && current.paymentUrl) return current;
    throw new ApiError('CONFLICT', 'This order is being paid; try again in a moment');
  }
  logger.info({ orderId, attempt: current.paymentAttempts }, 'the buyer pays an order again');
  await startOrderPayment(orderId, paymentPartsOf(current), now, reference);
  return (await findOrder(db, orderId))!;
}
