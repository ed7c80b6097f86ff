import 'server-only';

import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { orderEvents, orderItems, orders, orderStatus } from '@/lib/db/schema';
import type { OrderEventCode, OrderEventParams } from './event-codes';
import { isOrderId } from '@/lib/db/order-id';
import { sourcesOf, type OrderStatus } from './status';

export { isOrderId, newOrderId } from '@/lib/db/order-id';

export interface TransitionInput {
  orderId: string;
  to: OrderStatus;
  /** In English, for the logs. */
  reason: string;
  actor: string;
  /** The same as a key the back-office translates, with its values: required, so staff read every event in words. */
  code: OrderEventCode;
  params?: OrderEventParams;
}

/**
 * Moves an order to `to` only if its current state allows it, in one conditional UPDATE, and records the change in
 * its history. Returns the state it left, or null when nothing changed (already moved, terminal, or unknown):
 * a duplicate or late message therefore changes nothing twice.
 */
export async function transitionOrder(
  executor: Executor,
  { orderId, to, reason, actor, code, params }: TransitionInput,
): Promise<OrderStatus | null> {
  const sources = sourcesOf(to);
  // One statement, one round trip: the conditional move and its event (written only when the order moved).
  const result = (await executor.execute(sql`
    with moved as (
      update ${orders} as o set status = ${to}, updated_at = now()
      from (select id, status from ${orders} where id = ${orderId} for update) as previous
      where o.id = previous.id and previous.status in (${sql.join(
        sources.map((status) => sql`${status}`),
        sql`, `,
      )})
      returning previous.status as "from"
    ), recorded as (
      insert into ${orderEvents} (order_id, from_status, to_status, reason, actor, code, params)
      select ${orderId}, moved."from", ${to}::${sql.raw(orderStatus.enumName)}, ${reason}, ${actor}, ${code},
        ${params ? JSON.stringify(params) : null}::jsonb
      from moved
    )
    select "from" from moved
  `)) as unknown as { rows: { from: OrderStatus }[] };
  return result.rows[0]?.from ?? null;
}

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** The order with that id; an id that cannot be one (`%00`, a path, a 1 MB text) is unknown without a query. */
export async function findOrder(executor: Executor, orderId: string): Promise<OrderRow | undefined> {
  if (!isOrderId(orderId)) return undefined;
  const [order] = await preparedStatement(executor, 'order_by_id', (on) =>
    on
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare('order_by_id'),
  ).execute({ id: orderId });
  return order;
}

/**
 * The order's row, locked until the transaction ends (`select ... for update`): the one way an order is locked, by
 * every change that checks its state first (staff actions, refunds, corrections, re-sending a document). Undefined
 * when there is no such order.
 */
export async function lockOrder(tx: Executor, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

/**
 * Records something that happened to an order without changing its state (a correction, a late payment, a refund
 * of part of it): an event from its state to the same state.
 */
export async function recordOrderEvent(
  executor: Executor,
  orderId: string,
  event: { reason: string; actor: string; code: OrderEventCode; params?: OrderEventParams },
) {
  const order = await findOrder(executor, orderId);
  if (!order) return;
  await executor.insert(orderEvents).values({
    orderId,
    fromStatus: order.status,
    toStatus: order.status,
    reason: event.reason,
    actor: event.actor,
    code: event.code,
    params: event.params ?? null,
  });
}

/** Flags an order for a person (a payment after it expired, a chargeback) and records why. */
export async function markNeedsReview(
  executor: Executor,
  orderId: string,
  reason: string,
  actor: string,
  code: OrderEventCode,
  params?: OrderEventParams,
) {
  await executor
    .update(orders)
    .set({ needsReview: true, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId)));
  await recordOrderEvent(executor, orderId, { reason, actor, code, params });
}

/** `a***@example.ro`: enough for the buyer to recognise, nothing for a stranger holding the link. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** `+40712345678` → `07** *** 678`, for the same reason as the e-mail. */
export function maskPhone(e164: string): string {
  const national = e164.replace(/^\+40/, '0');
  return national.length === 10 ? `${national.slice(0, 2)}** *** ${national.slice(7)}` : '***';
}
