import { sql, type SQL } from 'drizzle-orm';
import { orders } from '@/lib/db/schema';
import { EFACTURA_NEEDS_ATTENTION } from '@/lib/efactura/submissions-attention';
import type { EfacturaAttentionReason } from '@/lib/mail/staff-alert';
import { HAS_DEAD_LETTER } from '@/lib/mail/dead-letters';
import { staffAlertReasons } from '@/lib/mail/staff-alert';
import type { OrderRow } from './orders';
import type { OrderStatus } from './status';

/** Why an order needs a person: the reasons staff are alerted for, listed once (lib/mail/staff-alert.ts). */
export const ATTENTION_REASONS = staffAlertReasons;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/**
 * The orders that need a hand, as one predicate: the transactions filter and its count. `needs_review` is set for
 * a late payment and for a chargeback, and cleared when the order's money is settled (lib/payments/refunds.ts).
 */
export const NEEDS_ATTENTION: SQL = sql`(${orders.status} in ('FULFILLMENT_FAILED', 'REFUND_PENDING') or ${orders.needsReview} or ${EFACTURA_NEEDS_ATTENTION} or ${HAS_DEAD_LETTER(orders.id)})`;

/** The states of an order that ended unpaid: a payment that comes after one of them came late. */
const ENDED: readonly OrderStatus[] = ['EXPIRED', 'FAILED', 'CANCELED'];

/** The reasons an order needs a hand now; `chargeback` says whether its flag came from a chargeback. */
export function attentionReasonsOf(
  order: Pick<OrderRow, 'status' | 'needsReview'>,
  {
    chargeback = false,
    refundPending = false,
    efactura = [],
    mailUndelivered = false,
  }: {
    chargeback?: boolean;
    refundPending?: boolean;
    efactura?: EfacturaAttentionReason[];
    /** Whether one of its e-mails is a dead letter (lib/mail/dead-letters.ts). */
    mailUndelivered?: boolean;
  } = {},
): AttentionReason[] {
  const reasons: AttentionReason[] = [];
  if (order.status === 'FULFILLMENT_FAILED') reasons.push('FULFILLMENT_FAILED');
  if (order.status === 'REFUND_PENDING' || refundPending) reasons.push('REFUND_PENDING');
  // Flagged for money to give back: a chargeback, or a payment the order did not need: one that came after the order
  // had ended, or a second one for an order still paid and going on (lib/payments/notifications.ts).
  if (order.needsReview)
    reasons.push(
      chargeback ? 'CHARGEBACK' : ENDED.includes(order.status) ? 'PAID_AFTER_EXPIRY' : 'PAID_TWICE',
    );
  for (const reason of efactura) if (!reasons.includes(reason)) reasons.push(reason);
  if (mailUndelivered) reasons.push('MAIL_UNDELIVERED');
  return reasons;
}
