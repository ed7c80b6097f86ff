import 'server-only';

import { eq } from 'drizzle-orm';
import { getConfig } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { creditNotes, orders, refunds, type outbox } from '@/lib/db/schema';
import { refundCreditNotePdf } from '@/lib/invoices/credit-note';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import type { Locale } from '@/lib/i18n/routing';
import { ATTENTION_REASONS, type AttentionReason } from '@/lib/orders/attention';
import type { MailMessage } from './mailer';
import { renderRefundConfirmation } from './refund-confirmation';
import { renderStaffAlert } from './staff-alert';

/*
 * The messages the outbox sends besides the order's confirmation: the buyer's refund confirmation with its credit
 * note, and the alert that tells staff an order needs a hand.
 */

type OutboxRow = typeof outbox.$inferSelect;

/** The refund's confirmation, in the buyer's language, with the credit note attached when the order was invoiced. */
export async function refundConfirmationMessage(db: Db, row: OutboxRow): Promise<MailMessage | null> {
  if (!row.orderId || !row.refundId) return null;
  const [found] = await db
    .select({ order: orders, refund: refunds, note: creditNotes })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .where(eq(refunds.id, row.refundId));
  if (!found || found.refund.status !== 'CONFIRMED') return null;
  const { order, refund, note } = found;
  const pdf = note ? await refundCreditNotePdf(db, order.id, refund.id) : null;
  const rendered = renderRefundConfirmation({
    orderId: order.id,
    orderUrl: `${getConfig().siteUrl}/${order.locale}/order/${order.id}`,
    locale: order.locale as Locale,
    email: order.email,
    refundedBani: refund.amountBani,
    orderTotalBani: order.amountBani,
    full: order.status === 'REFUNDED',
    creditNoteNumber: note ? formatInvoiceNumber(note.series, note.year, note.number) : undefined,
    refundedAt: (refund.settledAt ?? refund.createdAt).toISOString(),
  });
  return {
    to: row.recipient ?? order.email,
    ...rendered,
    attachments: pdf
      ? [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }]
      : [],
  };
}

const isAttentionReason = (value: unknown): value is AttentionReason =>
  ATTENTION_REASONS.includes(value as AttentionReason);

/** The alert to STAFF_ALERT_EMAIL (the row's recipient) about an order that needs a hand. */
export async function staffAlertMessage(db: Db, row: OutboxRow): Promise<MailMessage | null> {
  const reason = row.details?.reason;
  if (!row.orderId || !row.recipient || !isAttentionReason(reason)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) return null;
  const adminUrl = `${getConfig().siteUrl}/admin/transactions?q=${encodeURIComponent(order.id)}`;
  const rendered = renderStaffAlert({
    orderId: order.id,
    adminUrl,
    reason,
    status: order.status,
    email: order.email,
    amountBani: order.amountBani,
    detail: row.details?.detail,
  });
  return { to: row.recipient, ...rendered, attachments: [] };
}
