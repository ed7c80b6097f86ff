import 'server-only';

import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { getDb } from '@/lib/db/client';
import { orderEvents, orderItems, orders } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import { PaymentStartError, startPayment } from '@/lib/payments/netopia/client';
import { getPaymentGateway } from '@/lib/payments/gateway';
import type { VignetteOrder } from '@/lib/validations/vignette-order';
import { findOrder, newOrderId, transitionOrder, type OrderRow } from './orders';
import { quoteVignettes } from './quote';

export interface CreatedOrder {
  order: OrderRow;
  /** False when an earlier request with the same Idempotency-Key made it. */
  created: boolean;
}

const requestHash = (input: VignetteOrder) =>
  createHash('sha256').update(JSON.stringify(input)).digest('hex');

/**
 * Creates a vignette order and starts its card payment. With an Idempotency-Key, a repeated request (a double
 * click, a retry after a lost answer) returns the first order instead of making a second; the same key with
 * another body is a conflict.
 */
export async function createVignetteOrder(
  input: VignetteOrder,
  options: { idempotencyKey?: string; now?: Date } = {},
): Promise<CreatedOrder> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const hash = requestHash(input);

  if (options.idempotencyKey) {
    const [existing] = await db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, options.idempotencyKey));
    if (existing) return replay(existing, hash);
  }

  const quote = await quoteVignettes(input.items, now);
  const orderId = newOrderId();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(orders).values({
        id: orderId,
        kind: 'VIGNETTE',
        email: input.email,
        phone: input.phone,
        locale: input.locale,
        amountBani: quote.totalBani,
        ron2huf: String(quote.rate.ron2huf),
        rateDate: quote.rate.date,
        invoiceData: input.invoice ?? null,
        idempotencyKey: options.idempotencyKey,
        requestHash: hash,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(orderItems).values(
        quote.items.map((item, position) => ({
          orderId,
          position,
          categoryCode: item.categoryCode,
          vignetteType: item.type,
          county: item.county,
          plate: item.plate,
          country: item.country,
          firstDay: item.firstDay,
          lastDay: item.lastDay,
          priceHuf: item.priceHuf,
          priceBani: item.priceBani,
        })),
      );
      await tx
        .insert(orderEvents)
        .values({ orderId, toStatus: 'PENDING_PAYMENT', reason: 'order created', actor: 'buyer' });
    });
  } catch (error) {
    // Two requests with one key at the same moment: the unique key lets one in; the other answers with its order.
    if (options.idempotencyKey) {
      const [existing] = await db
        .select()
        .from(orders)
        .where(eq(orders.idempotencyKey, options.idempotencyKey));
      if (existing) return replay(existing, hash);
    }
    throw error;
  }

  const gateway = getPaymentGateway();
  try {
    const payment = await startPayment(gateway.transport, {
      posSignature: gateway.posSignature,
      orderId,
      amountBani: quote.totalBani,
      description: `Road Partners ${orderId}`,
      email: input.email,
      phone: input.phone,
      language: input.locale,
      notifyUrl: gateway.notifyUrl,
      redirectUrl: gateway.returnUrl(orderId),
      createdAt: now,
    });
    await db
      .update(orders)
      .set({
        providerPaymentId: payment.ntpId,
        paymentUrl: payment.paymentUrl,
        paymentExpiresAt: new Date(now.getTime() + gateway.formLifetimeSeconds * 1000),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId));
  } catch (error) {
    if (!(error instanceof PaymentStartError)) throw error;
    logger.warn({ orderId, code: error.code, temporary: error.temporary }, 'payment start refused');
    await transitionOrder(db, {
      orderId,
      to: 'FAILED',
      reason: `payment start refused (${error.code})`,
      actor: 'provider',
    });
    throw new ApiError(
      'UNAVAILABLE',
      'The payment provider is unavailable; please try again in a few minutes',
    );
  }
  return { order: (await findOrder(db, orderId))!, created: true };
}

function replay(existing: OrderRow, hash: string): CreatedOrder {
  if (existing.requestHash !== hash) {
    throw new ApiError('CONFLICT', 'This Idempotency-Key was used for another order request');
  }
  return { order: existing, created: false };
}

/** The answer to an order request (DESIGN.md §12). */
export const orderCreatedResponse = (order: OrderRow) => ({
  orderId: order.id,
  status: order.status,
  amountRon: order.amountBani,
  paymentUrl: order.paymentUrl,
});
