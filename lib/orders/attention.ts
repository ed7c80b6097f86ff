import { sql, type SQL } from 'drizzle-orm';
import { orders } from '@/lib/db/schema';
import {
  EFACTURA_ATTENTION_REASONS,
  EFACTURA_NEEDS_ATTENTION,
  type EfacturaAttentionReason,
} from '@/lib/efactura/submissions-attention';
import { HAS_DEAD_LETTER } from '@/lib/mail/dead-letters';
import type { OrderRow } from './orders';

/**
 * Why an order needs a person (docs/domain.md, Orders that need a hand): its delivery failed, a payment came after
 * it had ended, a refund waits for the provider's word, the buyer's bank opened a chargeback, or one of its documents
 * is rejected, unconfirmed or late at RO e-Factura (lib/efactura/submissions-attention.ts), or one of its e-mails
 * could not be sent after every retry (lib/mail/dead-letters.ts).
 */
export const ATTENTION_REASONS = [
  'FULFILLMENT_FAILED',
  'PAID_AFTER_EXPIRY',
  'REFUND_PENDING',
  'CHARGEBACK',
  ...EFACTURA_ATTENTION_REASONS,
  'MAIL_UNDELIVERED',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/**
 * The orders that need a hand, as one predicate: the transactions filter and its count. `needs_review` is set for
 * a late payment and for a chargeback, and cleared when the order's money is settled (lib/payments/refunds.ts).
 */
export const NEEDS_ATTENTION: SQL = sql`(${orders.status} in ('FULFILLMENT_FAILED', 'REFUND_PENDING') or ${orders.needsReview} or ${EFACTURA_NEEDS_ATTENTION} or ${HAS_DEAD_LETTER(orders.id)})`;

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
  if (order.needsReview) reasons.push(chargeback ? 'CHARGEBACK' : 'PAID_AFTER_EXPIRY');
  for (const reason of efactura) if (!reasons.includes(reason)) reasons.push(reason);
  if (mailUndelivered) reasons.push('MAIL_UNDELIVERED');
  return reasons;
}
