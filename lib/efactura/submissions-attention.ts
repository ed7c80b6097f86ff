import { sql, type SQL } from 'drizzle-orm';
import { efacturaSubmissions, orders } from '@/lib/db/schema';

/** Why a document's e-Factura submission needs a person (lib/orders/attention.ts shows them with the order's). */
export const EFACTURA_ATTENTION_REASONS = [
  'EFACTURA_REJECTED',
  'EFACTURA_UNCONFIRMED',
  'EFACTURA_OVERDUE',
] as const;
export type EfacturaAttentionReason = (typeof EFACTURA_ATTENTION_REASONS)[number];

type SubmissionState = Pick<
  typeof efacturaSubmissions.$inferSelect,
  'status' | 'claimedUntil' | 'attentionAt'
>;

/**
 * What a submission needs from staff, if anything: ANAF rejected it; its upload's answer was lost (an UPLOADING row
 * whose claim ran out: docs/decisions/0017-efactura-uploads-never-doubled.md); or it is not accepted two working
 * days before the legal deadline (lib/efactura/submissions-schedule.ts).
 */
export function efacturaAttentionOf(row: SubmissionState, now = new Date()): EfacturaAttentionReason | null {
  if (row.status === 'REJECTED') return 'EFACTURA_REJECTED';
  if (row.status === 'UPLOADING' && row.claimedUntil !== null && row.claimedUntil < now)
    return 'EFACTURA_UNCONFIRMED';
  if (row.status !== 'ACCEPTED' && row.attentionAt <= now) return 'EFACTURA_OVERDUE';
  return null;
}

/** The same rule in SQL, for one submission row `s`. */
const NEEDS_ATTENTION_ROW = sql`(s.status = 'REJECTED'
  or (s.status = 'UPLOADING' and s.claimed_until < now())
  or (s.status <> 'ACCEPTED' and s.attention_at <= now()))`;

/** The orders with a document whose submission needs a person: part of the "needs attention" filter. */
export const EFACTURA_NEEDS_ATTENTION: SQL = sql`exists (select 1 from ${efacturaSubmissions} s where s.order_id = ${orders.id} and ${NEEDS_ATTENTION_ROW})`;
