import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { getConfig } from '@/lib/config/env';
import { efacturaSubmissions, orders } from '@/lib/db/schema';
import type { EfacturaAttentionReason } from '@/lib/mail/staff-alert';

type SubmissionState = Pick<typeof efacturaSubmissions.$inferSelect, 'status' | 'attentionAt' | 'attempts'>;

/**
 * Whether a document's upload was given up: still PENDING after EFACTURA_MAX_ATTEMPTS tries (read when asked, so
 * tests may shorten it). The job no longer tries it; staff send it again (lib/efactura/submissions.ts).
 */
export const uploadGivenUp = (row: Pick<SubmissionState, 'status' | 'attempts'>): boolean =>
  row.status === 'PENDING' && row.attempts >= getConfig().EFACTURA_MAX_ATTEMPTS;

/**
 * Whether a lost upload was given up: still UPLOADING after the job looked for it in ANAF's message list without
 * settling it (it cannot be known there, or the list did not answer for EFACTURA_MAX_ATTEMPTS questions:
 * docs/decisions/0017-efactura-uploads-never-doubled.md). Before that the job is looking, and no person is asked.
 */
export const lostUploadGivenUp = (row: Pick<SubmissionState, 'status' | 'attempts'>): boolean =>
  row.status === 'UPLOADING' && row.attempts >= getConfig().EFACTURA_MAX_ATTEMPTS;

/**
 * What a submission needs from staff, if anything: ANAF rejected it; its upload's answer was lost and ANAF's message
 * list could not settle it ({@link lostUploadGivenUp}); its upload failed every try (a dead letter); or it is not
 * accepted two working days before the legal deadline (lib/efactura/submissions-schedule.ts).
 */
export function efacturaAttentionOf(row: SubmissionState, now = new Date()): EfacturaAttentionReason | null {
  if (row.status === 'REJECTED') return 'EFACTURA_REJECTED';
  if (lostUploadGivenUp(row)) return 'EFACTURA_UNCONFIRMED';
  if (uploadGivenUp(row)) return 'EFACTURA_UNSENT';
  if (row.status !== 'ACCEPTED' && row.attentionAt <= now) return 'EFACTURA_DEADLINE_NEAR';
  return null;
}

/** EFACTURA_MAX_ATTEMPTS, read when a query is built (not when this module loads). */
const maxAttempts: SQLWrapper = { getSQL: () => sql`${getConfig().EFACTURA_MAX_ATTEMPTS}` };

/**
 * The e-Factura dead letters, as a predicate on one submission row `s`: an upload given up after its last try, or
 * a lost one the message list could not settle (neither is tried again by the job). Counted by the back-office
 * banner and the metrics.
 */
const EFACTURA_DEAD_LETTER_ROW: SQL = sql`(s.status in ('PENDING', 'UPLOADING') and s.attempts >= ${maxAttempts})`;

/** How many e-Factura dead letters there are, as `n`, read through the unsettled rows' status index. */
export const COUNT_EFACTURA_DEAD_LETTERS: SQL = sql`select count(*)::int as n from ${efacturaSubmissions} s
  where s.status in ('PENDING', 'UPLOADING') and ${EFACTURA_DEAD_LETTER_ROW}`;

/** The same rule as {@link efacturaAttentionOf} in SQL, for one submission row `s`. */
const NEEDS_ATTENTION_ROW = sql`(s.status = 'REJECTED'
  or ${EFACTURA_DEAD_LETTER_ROW}
  or (s.status <> 'ACCEPTED' and s.attention_at <= now()))`;

/** The orders with a document whose submission needs a person: part of the "needs attention" filter. */
export const EFACTURA_NEEDS_ATTENTION: SQL = sql`exists (select 1 from ${efacturaSubmissions} s where s.order_id = ${orders.id} and ${NEEDS_ATTENTION_ROW})`;
