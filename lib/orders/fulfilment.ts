import 'server-only';

import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { orderItems, orders, outbox } from '@/lib/db/schema';
import type { Deliverers } from '@/lib/issuers/deliverers';
import { IssueError } from '@/lib/issuers/vignette-issuer';
import { logger } from '@/lib/log/logger';
import { countProviderCall, type MetricsProvider } from '@/lib/metrics/registry';
import { crashPoint } from '@/lib/server/crash-points';
import { kick } from '@/lib/server/jobs';
import { loadOrderItems, type LoadedItem } from './order-read';
import { PARTIAL_CONFIRMATION } from './partial-delivery';
import { queueStaffAlert } from '@/lib/mail/staff-alert-queue';
import { transitionOrder, type OrderItemRow, type OrderRow } from './orders';

/** Paid orders read at a time; a pass goes on to the next batch until none is left. */
const FULFILMENT_BATCH = 20;

/**
 * The paid orders after `cursor` in creation order, `FULFILMENT_BATCH` at a time. A pass walks forward from the
 * oldest, so an order that keeps failing is tried once per pass and never holds up the ones behind it. Two statements,
 * the first batch's and the next one's, each prepared once per process.
 */
function paidOrdersAfter(db: Db, cursor: Pick<OrderRow, 'createdAt' | 'id'> | undefined) {
  const paid = eq(orders.status, 'PAID');
  const name = cursor ? 'orders_paid_after' : 'orders_paid_first';
  return preparedStatement(db, name, (on) =>
    on
      .select()
      .from(orders)
      .where(
        cursor
          ? and(
              paid,
              or(
                gt(orders.createdAt, sql`${sql.placeholder('createdAt')}::timestamptz`),
                and(
                  eq(orders.createdAt, sql`${sql.placeholder('createdAt')}::timestamptz`),
                  gt(orders.id, sql.placeholder('id')),
                ),
              ),
            )
          : paid,
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(FULFILMENT_BATCH)
      .prepare(name),
  ).execute(cursor ? { createdAt: cursor.createdAt.toISOString(), id: cursor.id } : {});
}

/** Attempts per item before the order is left to a person as FULFILLMENT_FAILED (then refunded). */
export const MAX_ISSUE_ATTEMPTS = 5;

/**
 * The key the provider registers an item's delivery under: the same on every retry, so it is delivered once; a new
 * one after staff corrected the item before it was delivered, so the corrected vignette is asked for.
 */
export const deliveryKey = (orderId: string, item: Pick<OrderItemRow, 'position' | 'revision'>) =>
  item.revision ? `${orderId}:${item.position}:r${item.revision}` : `${orderId}:${item.position}`;

/**
 * How long an ask in flight keeps its item from another pass. Longer than an adapter takes at worst (a few HTTP calls
 * of 20 s each), so that no second ask starts while the first may still reach the provider: a provider that takes
 * two asks with one key at the same time may do both (Reloadly does).
 */
export const DELIVERY_CLAIM_SECONDS = 300;

/**
 * Claims the item for one ask, in one statement: marks it asked (before the ask, so a lost answer or a crash leaves
 * the mark and the next attempt looks up first) unless another pass is asking right now, i.e. marked it within
 * DELIVERY_CLAIM_SECONDS and has not recorded an outcome yet. Whether it was asked before; undefined when claimed.
 */
async function claimItem(db: Db, item: OrderItemRow): Promise<{ askedBefore: boolean } | undefined> {
  const [claimed] = await preparedStatement(db, 'order_item_claim', (on) =>
    on
      .update(orderItems)
      .set({ deliveryAskedAt: sql`now()`, issueError: null })
      .where(
        and(
          eq(orderItems.id, sql.placeholder('id')),
          isNull(orderItems.issuedId),
          or(
            isNull(orderItems.deliveryAskedAt),
            isNotNull(orderItems.issueError),
            lt(
              orderItems.deliveryAskedAt,
              sql`now() - make_interval(secs => ${sql.raw(String(DELIVERY_CLAIM_SECONDS))})`,
            ),
          ),
        ),
      )
      .returning({ id: orderItems.id })
      .prepare('order_item_claim'),
  ).execute({ id: item.id });
  return claimed ? { askedBefore: item.deliveryAskedAt !== null } : undefined;
}

/** What the provider delivered, recorded on the item: a vignette's id by a statement prepared once per process. */
async function recordDelivery(
  db: Db,
  itemId: number,
  answer: Awaited<ReturnType<typeof deliverItem>>,
): Promise<void> {
  if ('providerCostMinor' in answer) {
    await db
      .update(orderItems)
      .set({ ...answer, issueError: null })
      .where(eq(orderItems.id, itemId));
    return;
  }
  await preparedStatement(db, 'order_item_delivered', (on) =>
    on
      .update(orderItems)
      .set({
        issuedId: sql`${sql.placeholder('issuedId')}`,
        deliveredPin: sql`${sql.placeholder('deliveredPin')}`,
        issueError: null,
      })
      .where(eq(orderItems.id, sql.placeholder('id')))
      .prepare('order_item_delivered'),
  ).execute({ id: itemId, issuedId: answer.issuedId, deliveredPin: answer.deliveredPin });
}

/** The provider's answer, its outcome counted in the metrics (a permanent IssueError is a refusal). */
async function counted<T>(provider: MetricsProvider, call: Promise<T>): Promise<T> {
  try {
    const result = await call;
    countProviderCall(provider, 'ok');
    return result;
  } catch (error) {
    countProviderCall(provider, error instanceof IssueError && !error.temporary ? 'refused' : 'error');
    throw error;
  }
}

/** Delivers one item with its own idempotency key: the issuer's id, or the top-up's reference and PIN. */
async function deliverItem(
  deliverers: Deliverers,
  order: OrderRow,
  { item, topUp }: LoadedItem,
  askedBefore: boolean,
) {
  const idempotencyKey = deliveryKey(order.id, item);
  if (order.kind === 'TOPUP') {
    // Read with the order's items: the product bought, on sale or not.
    const product = topUp?.product;
    if (!product) throw new Error(`top-up product ${item.topUpProductId} not found`);
    const delivered = await counted(
      'topup-provider',
      deliverers.topUps.deliver({
        idempotencyKey,
        operatorId: product.operatorId,
        productId: product.id,
        faceValueCents: product.faceValueCents,
        phone: item.phone ?? '',
        delivery: product.delivery,
        askedBefore,
      }),
    );
    return {
      issuedId: delivered.reference,
      deliveredPin: delivered.pin ?? null,
      providerCostMinor: delivered.cost?.amountMinor ?? null,
      providerCostCurrency: delivered.cost?.currency ?? null,
    };
  }
  const { issuedId } = await counted(
    'vignette-issuer',
    deliverers.vignettes.issue({
      idempotencyKey,
      categoryCode: item.categoryCode ?? '',
      type: item.vignetteType ?? '',
      county: item.county,
      plate: item.plate ?? '',
      country: item.country ?? '',
      firstDay: item.firstDay ?? '',
      lastDay: item.lastDay ?? '',
      askedBefore,
    }),
  );
  return { issuedId, deliveredPin: null };
}

/**
 * Delivers the items of every paid order: once per item, with the item's own idempotency key, retried on the next
 * pass when the provider fails. An order whose items are all delivered becomes FULFILLED and queues its
 * confirmation e-mail in the same transaction. A pass reads the paid orders in batches until none is left, so a
 * burst of payments is delivered in one go instead of twenty per timer tick, unless the server begins to stop: then
 * the pass ends after the batch in hand (`keepGoing`, asked between batches), within the time a stopping server waits
 * for its jobs, and leaves the rest paid for the next pass, on this server or another.
 */
export async function fulfilPaidOrders(
  db: Db,
  deliverers: Deliverers,
  { keepGoing = () => true }: { keepGoing?: () => boolean } = {},
): Promise<number> {
  let fulfilled = 0;
  for (
    let batch = await paidOrdersAfter(db, undefined);
    batch.length;
    // A short batch was the last: an order paid since kicks the job, which passes again.
    batch = batch.length < FULFILMENT_BATCH || !keepGoing() ? [] : await paidOrdersAfter(db, batch.at(-1))
  ) {
    fulfilled += await fulfilBatch(db, deliverers, batch);
  }
  if (fulfilled) kick('mail');
  return fulfilled;
}

async function fulfilBatch(db: Db, deliverers: Deliverers, batch: OrderRow[]): Promise<number> {
  let fulfilled = 0;
  for (const order of batch) if (await fulfilOrder(db, deliverers, order)) fulfilled++;
  return fulfilled;
}

/**
 * Delivers what is undelivered of one paid order; true when this call made it FULFILLED. A temporary failure counts
 * an attempt; at the last one, or at once when the provider refused for good (a permanent IssueError), the order is
 * left to staff as FULFILLMENT_FAILED with the provider's reason, and they are alerted, once its other items were
 * asked for too: what can be delivered is, and is confirmed at once. An item another pass is asking for right now is
 * left to it.
 */
export async function fulfilOrder(db: Db, deliverers: Deliverers, order: OrderRow): Promise<boolean> {
  const items = await loadOrderItems(db, order.id);
  let complete = true;
  let delivered = 0;
  // The item that failed for good, if one did: the others are still asked, so what can be delivered is delivered.
  let givenUp: { message: string; refused: boolean; attempts: number } | undefined;
  for (const loaded of items) {
    const { item } = loaded;
    if (item.issuedId) {
      delivered++;
      continue;
    }
    const claim = await claimItem(db, item);
    if (!claim) {
      complete = false;
      continue;
    }
    try {
      const answer = await deliverItem(deliverers, order, loaded, claim.askedBefore);
      // A crash here leaves the item undelivered in our records: the next pass asks again with the same key, and
      // the issuer answers with what it registered the first time.
      crashPoint('delivery-issued');
      await recordDelivery(db, item.id, answer);
      delivered++;
    } catch (error) {
      complete = false;
      const attempts = item.issueAttempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(orderItems)
        .set({ issueAttempts: attempts, issueError: message })
        .where(eq(orderItems.id, item.id));
      const refused = error instanceof IssueError && !error.temporary;
      logger.warn({ orderId: order.id, position: item.position, attempts, refused }, 'delivery failed');
      if (refused || attempts >= MAX_ISSUE_ATTEMPTS) givenUp ??= { message, refused, attempts };
    }
  }
  if (givenUp) {
    await failOrder(db, order, givenUp, delivered);
    return false;
  }
  if (!complete) return false;
  // The move and the confirmation it sends, in one statement: both written, or neither.
  const from = await transitionOrder(
    db,
    {
      orderId: order.id,
      to: 'FULFILLED',
      reason: order.kind === 'TOPUP' ? 'top-up delivered' : 'all vignettes issued',
      actor: order.kind === 'TOPUP' ? 'top-up provider' : 'issuer',
      code: 'delivery.done',
    },
    { queue: 'ORDER_CONFIRMATION' },
  );
  return from !== null;
}

/**
 * Leaves the order to staff as FULFILLMENT_FAILED with the provider's reason, alerts them, and tells the buyer what
 * was not delivered; what was delivered (`delivered` items) is valid, and its confirmation goes at once.
 */
async function failOrder(
  db: Db,
  order: OrderRow,
  { message, refused, attempts }: { message: string; refused: boolean; attempts: number },
  delivered: number,
) {
  await db.transaction(async (tx) => {
    const failed = await transitionOrder(tx, {
      orderId: order.id,
      to: 'FULFILLMENT_FAILED',
      reason: refused ? `delivery refused: ${message}` : `delivery failed ${attempts} times: ${message}`,
      actor: order.kind === 'TOPUP' ? 'top-up provider' : 'issuer',
      code: 'delivery.failed',
      params: { attempts, error: message },
    });
    if (failed) {
      // The buyer hears it from us, in their language, as staff do.
      await tx.insert(outbox).values({ kind: 'DELIVERY_FAILED', orderId: order.id });
      // Once: a delivery staff retried that fails again has confirmed nothing new.
      const [confirmed] = delivered
        ? await tx
            .select({ id: outbox.id })
            .from(outbox)
            .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'ORDER_CONFIRMATION')))
            .limit(1)
        : [];
      if (delivered && !confirmed)
        await tx
          .insert(outbox)
          .values({ kind: 'ORDER_CONFIRMATION', orderId: order.id, details: { ...PARTIAL_CONFIRMATION } });
      await queueStaffAlert(tx, order.id, 'FULFILLMENT_FAILED', message);
    }
  });
  kick('mail');
}
