import 'server-only';

import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orders, refunds } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import { markNeedsReview, transitionOrder, type OrderRow } from '@/lib/orders/orders';
import type { PaymentGateway } from '@/lib/payment-provider/gateway';
import { paymentStatus, type ProviderPaymentState } from '@/lib/payment-provider/netopia/client';
import { outcomeOfStatus } from '@/lib/payment-provider/netopia/notification';
import { applyPaymentStatus } from './notifications';
import { applyProviderRefund, isCreditStatus } from './refunds';
import { paymentReferenceOf } from '@/lib/payment-provider/payment-reference';

/** How long after the form's expiry the provider's notification may still arrive before we ask. */
export const GRACE_MS = 60_000;
/** After this, an order the provider still calls pending (or does not know) is expired. */
const GIVE_UP_MS = 60 * 60_000;

const sameMoney = (order: OrderRow, state: ProviderPaymentState) =>
  state.amountBani === order.amountBani && state.currency === order.currency;

/**
 * Settles orders still pending after their payment form expired (docs/architecture.md, The order's journey): asks the
 * provider for the payment's status and applies it as a notification would; gives up with EXPIRED when the provider has
 * nothing. An order whose payment was never started (its server died first and no retry came) is expired once a form
 * opened with it would have expired: nobody ever had an address to pay it at.
 */
export async function reconcilePendingOrders(
  db: Db,
  gateway: PaymentGateway,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - GRACE_MS);
  const stale = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'PENDING_PAYMENT'),
        or(
          lte(orders.paymentExpiresAt, cutoff),
          and(
            isNull(orders.paymentUrl),
            lte(orders.createdAt, new Date(cutoff.getTime() - gateway.formLifetimeSeconds * 1000)),
          ),
        ),
      ),
    )
    .limit(20);
  let settled = 0;
  for (const order of stale) {
    try {
      if (!order.paymentUrl) {
        const expired = await transitionOrder(db, {
          orderId: order.id,
          to: 'EXPIRED',
          reason: 'no payment was started',
          actor: 'reconciler',
          code: 'payment.expired',
        });
        if (expired) settled++;
        continue;
      }
      const outcome = await applyProviderState(db, gateway, order);
      if (outcome === 'MISMATCH') continue;
      if (outcome === 'CHANGED') settled++;
      else if (order.paymentExpiresAt && now.getTime() - order.paymentExpiresAt.getTime() > GIVE_UP_MS) {
        if (
          await transitionOrder(db, {
            orderId: order.id,
            to: 'EXPIRED',
            reason: 'no payment reported after expiry',
            actor: 'reconciler',
            code: 'payment.expired',
          })
        )
          settled++;
      }
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, 'reconciliation failed; will retry');
    }
  }
  return settled;
}

/**
 * Asks the provider how an order's payment went and applies its answer as a notification would: `CHANGED` when the
 * order moved (paid, declined, expired), `UNCHANGED` when the provider has nothing conclusive (or no payment was
 * started), `MISMATCH` when it reports a payment of another amount or currency, which pays nothing and is flagged.
 * The reconciler asks it of the orders it settles; "pay again" of a left payment asks it first, so that a payment
 * made meanwhile is never taken twice.
 */
export async function applyProviderState(
  db: Db,
  gateway: PaymentGateway,
  order: OrderRow,
): Promise<'CHANGED' | 'UNCHANGED' | 'MISMATCH'> {
  const state = order.providerPaymentId
    ? await paymentStatus(gateway.transport, {
        posSignature: gateway.posSignature,
        ntpId: order.providerPaymentId,
        orderId: paymentReferenceOf(order),
      })
    : null;
  // The same rule as the notification: a payment of another amount or currency pays nothing.
  if (state && outcomeOfStatus(state.status) === 'PAID' && !sameMoney(order, state)) {
    logger.error({ orderId: order.id }, 'reconciled payment amount or currency does not match the order');
    if (!order.needsReview)
      await markNeedsReview(
        db,
        order.id,
        'provider reports another amount or currency',
        'reconciler',
        'payment.amountMismatch',
      );
    return 'MISMATCH';
  }
  const status = state?.status ?? null;
  const changed =
    status !== null &&
    (await applyPaymentStatus(db, order, {
      status,
      ntpId: order.providerPaymentId ?? '',
      reason: `reconciled: provider status ${status}`,
      actor: 'reconciler',
    }));
  return changed ? 'CHANGED' : 'UNCHANGED';
}

/** How long a refund may wait for the provider's word before the reconciler asks for it. */
export const REFUND_GRACE_MS = 2 * 60_000;

/**
 * Settles refunds the provider did not answer (a timeout, a 5xx): asks the payment's status, and applies a credit
 * it reports as its notification would. One it does not report stays pending, for staff, who were alerted: asking
 * for the credit again could give the money back twice.
 */
export async function reconcilePendingRefunds(
  db: Db,
  gateway: PaymentGateway,
  now = new Date(),
): Promise<number> {
  const waiting = await db
    .select({ order: orders, paymentId: refunds.providerPaymentId })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(eq(refunds.status, 'PENDING'), lte(refunds.createdAt, new Date(now.getTime() - REFUND_GRACE_MS))),
    )
    .limit(20);
  let settled = 0;
  for (const { order, paymentId } of waiting) {
    try {
      if (!order.providerPaymentId) continue;
      // The payment the refund gives back: the invoiced one, or a duplicate of an order paid twice.
      const ntpId = paymentId ?? order.providerPaymentId;
      const state = await paymentStatus(gateway.transport, {
        posSignature: gateway.posSignature,
        ntpId,
        orderId: paymentReferenceOf(order),
      });
      if (!state || !isCreditStatus(state.status) || state.amountBani === undefined) continue;
      if (
        await applyProviderRefund(db, order.id, {
          status: state.status,
          creditedBani: state.amountBani,
          actor: 'reconciler',
          paymentId: ntpId,
        })
      )
        settled++;
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, 'refund reconciliation failed; will retry');
    }
  }
  return settled;
}
