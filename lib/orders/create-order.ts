import 'server-only';

import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { getDb } from '@/lib/db/client';
import { orderEvents, orderItems, orderProductKeys, orders } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import { PaymentStartError, startPayment } from '@/lib/payments/netopia/client';
import { getPaymentGateway } from '@/lib/payments/gateway';
import { findOrder, newOrderId, transitionOrder, type OrderRow } from './orders';

export interface CreatedOrder {
  order: OrderRow;
  /** False when an earlier request with the same Idempotency-Key made it. */
  created: boolean;
}

type NewOrderRow = typeof orders.$inferInsert;
type NewItemRow = typeof orderItems.$inferInsert;

/**
 * What a kind of order (vignettes, a top-up) makes of its validated request: the order's row, its items, and what
 * they are as the admin's product filter names them (each vignette's category, or the top-up's operator).
 */
export interface OrderDraft {
  order: Omit<
    NewOrderRow,
    'id' | 'idempotencyKey' | 'requestHash' | 'productKeys' | 'createdAt' | 'updatedAt'
  >;
  items: Omit<NewItemRow, 'orderId' | 'position'>[];
  products: string[];
}

export interface CreateOrderOptions {
  idempotencyKey?: string;
  now?: Date;
}

const requestHash = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/**
 * Creates an order and starts its card payment (DESIGN.md §6). `draft` prices the request (it may answer 422); it is
 * not called for a repeated request: with an Idempotency-Key, a double click or a retry after a lost answer gets
 * the first order back instead of a second one, and the same key with another body is a conflict.
 */
export async function createOrder(
  request: { email: string; phone?: string; locale: string },
  draft: (now: Date) => Promise<OrderDraft>,
  options: CreateOrderOptions = {},
): Promise<CreatedOrder> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const hash = requestHash(request);
  const byKey = async () => {
    if (!options.idempotencyKey) return undefined;
    const [existing] = await db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, options.idempotencyKey));
    return existing && replay(existing, hash);
  };

  const earlier = await byKey();
  if (earlier) return earlier;

  const { order, items, products } = await draft(now);
  const orderId = newOrderId();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(orders).values({
        ...order,
        id: orderId,
        idempotencyKey: options.idempotencyKey,
        requestHash: hash,
        productKeys: orderProductKeys(order.kind, products),
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(orderItems).values(items.map((item, position) => ({ ...item, orderId, position })));
      await tx
        .insert(orderEvents)
        .values({ orderId, toStatus: 'PENDING_PAYMENT', reason: 'order created', actor: 'buyer' });
    });
  } catch (error) {
    // Two requests with one key at the same moment: the unique key lets one in; the other answers with its order.
    const raced = await byKey();
    if (raced) return raced;
    throw error;
  }

  await startOrderPayment(orderId, { ...request, amountBani: order.amountBani }, now);
  return { order: (await findOrder(db, orderId))!, created: true };
}

/** Asks the provider for the payment form of a new order; a refusal fails the order and answers 503. */
async function startOrderPayment(
  orderId: string,
  order: { email: string; phone?: string; locale: string; amountBani: number },
  now: Date,
) {
  const db = await getDb();
  const gateway = getPaymentGateway();
  try {
    const payment = await startPayment(gateway.transport, {
      posSignature: gateway.posSignature,
      orderId,
      amountBani: order.amountBani,
      description: `Road Partners ${orderId}`,
      email: order.email,
      phone: order.phone,
      language: order.locale,
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
