import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { getConfig } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { outbox } from '@/lib/db/schema';

/** MAIL_MAX_ATTEMPTS, read when a query is built (not when this module loads), so tests may shorten it. */
const maxAttempts: SQLWrapper = { getSQL: () => sql`${getConfig().MAIL_MAX_ATTEMPTS}` };

/**
 * A dead letter: an outbox row never sent whose attempts are all used (lib/mail/outbox.ts). It is kept, its order
 * needs attention (MAIL_UNDELIVERED), and staff may requeue it from the back-office. A row on its last attempt is
 * not one while a server holds its claim (its next attempt time is the claim's end): it may be being sent right now,
 * and is one once the claim runs out unsent (its server died) or the attempt fails.
 */
export const DEAD_LETTER: SQL = sql`(${outbox.sentAt} is null and ${outbox.attempts} >= ${maxAttempts} and ${outbox.nextAttemptAt} <= now())`;

/** The orders with a dead letter, as a predicate on `orders` (lib/orders/attention.ts). */
export const HAS_DEAD_LETTER = (orderId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${outbox} where ${outbox.orderId} = ${orderId} and ${DEAD_LETTER})`;

/**
 * Gives the dead letters of one order, or every one, fresh attempts from now: each keeps its Message-ID (a mail
 * server that took an attempt after all sees the same message) and its last error until it is sent. The rows
 * requeued; the caller audits them and kicks the `mail` job once its transaction committed.
 */
export const requeueDeadLetters = (executor: Pick<Db, 'update'>, orderId?: string) =>
  executor
    .update(outbox)
    .set({ attempts: 0, nextAttemptAt: new Date() })
    .where(orderId === undefined ? DEAD_LETTER : and(eq(outbox.orderId, orderId), DEAD_LETTER))
    .returning({ id: outbox.id, kind: outbox.kind });

/** How an audit entry names requeued rows: `ORDER_CONFIRMATION #12, STAFF_ALERT #13`. */
export const requeuedNames = (rows: { id: number; kind: string }[]) =>
  rows.map((row) => `${row.kind} #${row.id}`).join(', ');
