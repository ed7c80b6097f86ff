import 'server-only';

import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { getDb, type Db } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { orderEvents, orderItems, orderProductKeys, orders } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import {
  DUPLICATE_ORDER_ERROR,
  PaymentStartError,
  startPayment,
} from '@/lib/payment-provider/netopia/client';
import { paymentReferenceOf, restartedPaymentReference } from '@/lib/payment-provider/payment-reference';
import { crashPoint } from '@/lib/server/crash-points';
import { getPaymentGateway } from '@/lib/payment-provider/gateway';
import { findOrder, newOrderId, transitionOrder, type OrderRow } from './orders';
import { newOrderReference } from './order-reference';

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
 * Creates an order and starts its card payment (docs/architecture.md, The order's journey). `draft` prices the request
 * (it may answer 422); it is not called for a repeated request: with an Idempotency-Key, a double click or a retry
 * after a lost answer gets the first order back instead of a second one, and the same key with another body is a
 * conflict.
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
    const [existing] = await preparedStatement(db, 'order_by_idempotency_key', (on) =>
      on
        .select()
        .from(orders)
        .where(eq(orders.idempotencyKey, sql.placeholder('key')))
        .prepare('order_by_idempotency_key'),
    ).execute({ key: options.idempotencyKey });
    return existing && replay(existing, hash);
  };

  const earlier = await byKey();
  if (earlier) return resumePayment(earlier);

  const { order, items, products } = await draft(now);
  const orderId = newOrderId();
  try {
    // The order, its items and its first event in one statement: one round trip, atomic without a transaction (its
    // inserts see each other only at the end of the statement, which is when the foreign keys are checked).
    await insertWithReference((reference) =>
      insertOrder(db, {
        order: {
          ...order,
          id: orderId,
          reference,
          idempotencyKey: options.idempotencyKey,
          requestHash: hash,
          productKeys: orderProductKeys(order.kind, products),
          createdAt: now,
          updatedAt: now,
        },
        items: items.map((item, position) => ({ ...item, orderId, position })),
      }),
    );
  } catch (error) {
    // Two requests with one key at the same moment: the unique key lets one in; the other answers with its order.
    const raced = await byKey();
    if (raced) return raced;
    throw error;
  }

  // A crash here leaves an order without a payment: a retry with the same key starts it (resumePayment), and the
  // reconciler expires it if none comes.
  crashPoint('order-committed');
  const started = await startOrderPayment(orderId, { ...request, amountBani: order.amountBani }, now);
  return { order: started ?? (await findOrder(db, orderId))!, created: true };
}

/** The order statements' shapes prepared so far; past {@link MAX_ORDER_SHAPES} a rarer one is built per call. */
const orderShapes = new Set<string>();
const MAX_ORDER_SHAPES = 64;

/**
 * The order, its items and its first event in one statement, prepared once per shape: its SQL text depends on the
 * number of items and on which of their values are absent (the column's default) or null, never on the values, which
 * are its placeholders (docs/decisions/0030-purchase-statements-prepared.md).
 */
async function insertOrder(db: Db, rows: { order: NewOrderRow; items: NewItemRow[] }): Promise<void> {
  const shape = shapeOf(rows);
  const prepare = orderShapes.has(shape) || orderShapes.size < MAX_ORDER_SHAPES;
  const values: Record<string, unknown> = {};
  // A value becomes a placeholder; an absent one stays absent (the default) and a null stays in the text: drizzle
  // would encode a null placeholder (a jsonb `null`, not SQL NULL).
  const parametrised = <T extends object>(row: T, prefix: string): T => {
    if (!prepare) return row;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      if (value === undefined || value === null) out[key] = value;
      else {
        out[key] = sql.placeholder(`${prefix}${key}`);
        values[`${prefix}${key}`] = value;
      }
    }
    return out as T;
  };
  const order = parametrised(rows.order, 'o_');
  const items = rows.items.map((item, index) => parametrised(item, `i${index}_`));
  const statement = () =>
    db
      .with(
        db.$with('created_order', {}).as(db.insert(orders).values(order).getSQL()),
        db.$with('created_items', {}).as(db.insert(orderItems).values(items).getSQL()),
      )
      .insert(orderEvents)
      .values({
        orderId: order.id,
        toStatus: 'PENDING_PAYMENT',
        reason: 'order created',
        actor: 'buyer',
        code: 'order.created',
      });
  if (!prepare) {
    await statement();
    return;
  }
  orderShapes.add(shape);
  const name = `order_create_${createHash('sha256').update(shape).digest('hex').slice(0, 16)}`;
  await preparedStatement(db, name, () => statement().prepare(name)).execute(values);
}

/** Which values of an order's rows are absent or null: what its statement's text depends on. */
function shapeOf({ order, items }: { order: NewOrderRow; items: NewItemRow[] }): string {
  const of = (row: object) =>
    Object.entries(row)
      .map(([key, value]) => (value === undefined ? '' : value === null ? `${key}:null` : key))
      .join(',');
  return [of(order), ...items.map(of)].join(';');
}

/** Whether an insert failed on the unique index of the orders' short references (a draw that was taken). */
function isReferenceCollision(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as Error & { code?: string; constraint?: string };
    if (code === '23505' && (constraint === 'orders_reference' || cause.message.includes('orders_reference')))
      return true;
  }
  return false;
}

/**
 * Runs an insert with a new short reference, drawing another when the drawn one is taken: with 31⁵ references a
 * collision is rare, two in a row rarer still, and a third attempt's failure is reported as it is.
 */
export async function insertWithReference<T>(
  insert: (reference: string) => Promise<T>,
  draw: () => string = newOrderReference,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(draw());
    } catch (error) {
      if (attempt >= 3 || !isReferenceCollision(error)) throw error;
    }
  }
}

/**
 * A repeated request finds its order. If the first request died between committing the order and recording its
 * payment (the buyer got no answer, so no payment address), the payment is started now, so the retry can pay.
 */
async function resumePayment(earlier: CreatedOrder): Promise<CreatedOrder> {
  const { order } = earlier;
  if (order.status !== 'PENDING_PAYMENT' || order.paymentUrl) return earlier;
  logger.info({ orderId: order.id }, 'starting the payment of an order whose first request did not');
  const started = await startOrderPayment(
    order.id,
    paymentPartsOf(order),
    new Date(),
    paymentReferenceOf(order),
  );
  return { order: started ?? (await findOrder(await getDb(), order.id))!, created: false };
}

/**
 * Asks the provider for the payment form of an order and records it; a refusal fails the order and answers 503.
 * A form is recorded only on an order that has none: of two starts of one order (a retry racing the first request)
 * the first recorded is the one every answer shows, and the other's address never leaves the server.
 * `firstReference` is the orderID the provider is asked under first: the order's id, or the reference the order
 * already holds when a retry resumes its payment; when the provider already knows it (an earlier start whose answer
 * was lost), the payment is started under a new one. Returns the order as this start recorded it; undefined when
 * another start had recorded its form first (read the order then).
 */
export async function startOrderPayment(
  orderId: string,
  order: { email: string; phone?: string; locale: string; amountBani: number },
  now: Date,
  firstReference: string = orderId,
): Promise<OrderRow | undefined> {
  const db = await getDb();
  const gateway = getPaymentGateway();
  const start = (reference: string) =>
    startPayment(gateway.transport, {
      posSignature: gateway.posSignature,
      orderId: reference,
      amountBani: order.amountBani,
      description: `Road Partners ${orderId}`,
      email: order.email,
      phone: order.phone,
      language: order.locale,
      notifyUrl: gateway.notifyUrl,
      redirectUrl: gateway.returnUrl(orderId),
      createdAt: now,
    });
  try {
    let reference = firstReference;
    let payment;
    try {
      payment = await start(reference);
    } catch (error) {
      // An earlier start of this order reached the provider and its answer was lost (payment-reference.ts).
      if (!(error instanceof PaymentStartError && error.code === DUPLICATE_ORDER_ERROR)) throw error;
      reference = restartedPaymentReference(orderId);
      logger.info(
        { orderId },
        'the provider already had this order; starting its payment under a new reference',
      );
      payment = await start(reference);
    }
    crashPoint('payment-started');
    const [recorded] = await preparedStatement(db, 'order_payment_started', (on) =>
      on
        .update(orders)
        .set({
          providerPaymentId: sql`${sql.placeholder('providerPaymentId')}`,
          paymentReference: sql`${sql.placeholder('paymentReference')}`,
          paymentUrl: sql`${sql.placeholder('paymentUrl')}`,
          paymentExpiresAt: sql`${sql.placeholder('paymentExpiresAt')}::timestamptz`,
          updatedAt: sql`${sql.placeholder('updatedAt')}::timestamptz`,
        })
        .where(
          and(
            eq(orders.id, sql.placeholder('id')),
            isNull(orders.paymentUrl),
            eq(orders.status, 'PENDING_PAYMENT'),
          ),
        )
        .returning()
        .prepare('order_payment_started'),
    ).execute({
      id: orderId,
      providerPaymentId: payment.ntpId,
      paymentReference: reference,
      paymentUrl: payment.paymentUrl,
      paymentExpiresAt: new Date(now.getTime() + gateway.formLifetimeSeconds * 1000).toISOString(),
      updatedAt: new Date().toISOString(),
    });
    return recorded;
  } catch (error) {
    if (!(error instanceof PaymentStartError)) throw error;
    logger.warn({ orderId, code: error.code, temporary: error.temporary }, 'payment start refused');
    await transitionOrder(db, {
      orderId,
      to: 'FAILED',
      reason: `payment start refused (${error.code})`,
      actor: 'provider',
      code: 'payment.failed',
      params: { message: error.code },
    });
    throw new ApiError(
      'UNAVAILABLE',
      'The payment provider is unavailable; please try again in a few minutes',
    );
  }
}

/** What a payment start needs of an order that exists. */
export const paymentPartsOf = (order: OrderRow) => ({
  email: order.email,
  phone: order.phone ?? undefined,
  locale: order.locale,
  amountBani: order.amountBani,
});

function replay(existing: OrderRow, hash: string): CreatedOrder {
  if (existing.requestHash !== hash) {
    throw new ApiError('CONFLICT', 'This Idempotency-Key was used for another order request');
  }
  return { order: existing, created: false };
}

/** The answer to an order request (docs/api.md, Vignette orders). */
export const orderCreatedResponse = (order: OrderRow) => ({
  orderId: order.id,
  status: order.status,
  amountRon: order.amountBani,
  paymentUrl: order.paymentUrl,
});
