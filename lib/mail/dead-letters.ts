import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { getConfig } from '@/lib/config/env';
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
