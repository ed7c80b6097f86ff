import 'server-only';

import { and, eq, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { preparedSql, preparedStatement } from '@/lib/db/prepared';
import { orderEvents, orderItems, orders, orderStatus, outbox } from '@/lib/db/schema';
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

/** What a transition's statement is given: its placeholders' values. */
export const transitionValues = ({ orderId, reason, actor, code, params }: TransitionInput) => ({
  orderId,
  reason,
  actor,
  code,
  params: params ? JSON.stringify(params) : null,
});

/**
 * The event of a transition, written by the statement that moves the order and only when it moved: `moved` yields
 * the state the order left as `"from"` (one row, or none). Its values are {@link transitionValues}' placeholders.
 */
export const transitionEventSql = (moved: SQL | Subquery, to: OrderStatus) => sql`
  insert into ${orderEvents} (order_id, from_status, to_status, reason, actor, code, params)
  select ${sql.placeholder('orderId')}, ${moved}."from", ${to}::${sql.raw(orderStatus.enumName)},
    ${sql.placeholder('reason')}, ${sql.placeholder('actor')}, ${sql.placeholder('code')},
    ${sql.placeholder('params')}::jsonb
  from ${moved}`;

/** Mail queued by the statement of a transition, when the order moved. */
export type QueuedWithTransition = 'ORDER_CONFIRMATION';

/**
 * Moves an order to `to` only if its current state allows it, in one conditional UPDATE, and records the change in
 * its history. Returns the state it left, or null when nothing changed (already moved, terminal, or unknown):
 * a duplicate or late message therefore changes nothing twice. `queue`: the message the move sends, queued in the
 * same statement, so that no BEGIN and COMMIT are needed for it to be written with the move or not at all.
 */
export async function transitionOrder(
  executor: Executor,
  input: TransitionInput,
  { queue }: { queue?: QueuedWithTransition } = {},
): Promise<OrderStatus | null> {
  const { to } = input;
  // One statement, one round trip, its text fixed by `to` (and the message it queues): prepared once per process.
  const name = `order_transition_${to.toLowerCase()}${queue ? `_${queue.toLowerCase()}` : ''}`;
  const { rows } = await preparedSql<{ from: OrderStatus }>(
    executor,
    name,
    () => sql`
      with moved as (
        update ${orders} as o set status = ${to}, updated_at = now()
        from (select id, status from ${orders} where id = ${sql.placeholder('orderId')} for update) as previous
        where o.id = previous.id and previous.status in (${sql.join(
          sourcesOf(to).map((status) => sql`${status}`),
          sql`, `,
        )})
        returning previous.status as "from"
      ), recorded as (${transitionEventSql(sql`moved`, to)})${
        queue
          ? sql`, queued as (
        insert into ${outbox} (kind, order_id) select ${queue}, ${sql.placeholder('orderId')} from moved)`
          : sql``
      }
      select "from" from moved
    `,
  ).execute(transitionValues(input));
  return rows[0]?.from ?? null;
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
