import 'server-only';

import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { getConfig } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { creditNotes, invoices, orderItems, orders, refunds, type outbox } from '@/lib/db/schema';
import { orderCreditNotePdf, orderInvoicePdf, refundCreditNotePdf } from '@/lib/invoices/frozen';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import type { Locale } from '@/lib/i18n/routing';
import { ATTENTION_REASONS, type AttentionReason } from '@/lib/orders/attention';
import { buyerOrderUrl } from '@/lib/orders/document-access';
import { deliveryShortfall } from '@/lib/orders/partial-delivery';
import { formatNationalPhone } from '@/lib/phones/romanian-phone';
import { renderDeliveryFailed } from './delivery-failed';
import { renderInvoiceReissued } from './invoice-reissued';
import { heldBackDataOf, renderEfacturaHeldBack } from './efactura-held-back';
import type { MailMessage } from './mailer';
import { renderRefundConfirmation } from './refund-confirmation';
import { renderStaffAlert } from './staff-alert';

/*
 * The messages the outbox sends besides the order's confirmation: the buyer's news of a failed delivery, the buyer's
 * refund confirmation with its credit note, the alert that tells staff an order needs a hand, and the daily e-mail
 * that tells them what waits for RO e-Factura while it is off (the one message without an order).
 */

type OutboxRow = typeof outbox.$inferSelect;

/**
 * A message that no longer has anything to say (its order was settled before it went out, or e-Factura was turned on
 * before the daily e-mail about it did): recorded, not sent.
 */
export const OBSOLETE = 'OBSOLETE' as const;

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
  const [pdf, [earlier]] = await Promise.all([
    note ? refundCreditNotePdf(db, order.id, refund.id) : null,
    // The confirmed refunds of the same payment before this one: what this one completes, or adds to.
    db
      .select({ bani: sql<number>`coalesce(sum(${refunds.amountBani}), 0)::int` })
      .from(refunds)
      .where(
        and(
          eq(refunds.orderId, order.id),
          eq(refunds.status, 'CONFIRMED'),
          lt(refunds.id, refund.id),
          refund.providerPaymentId
            ? eq(refunds.providerPaymentId, refund.providerPaymentId)
            : isNull(refunds.providerPaymentId),
        ),
      ),
  ]);
  const rendered = renderRefundConfirmation({
    orderId: order.id,
    reference: order.reference,
    orderUrl: await buyerOrderUrl(db, order.locale, order.id),
    locale: order.locale as Locale,
    email: order.email,
    refundedBani: refund.amountBani,
    orderTotalBani: order.amountBani,
    earlierRefundedBani: Number(earlier?.bani ?? 0),
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

/**
 * The buyer's e-mail when a correction replaced their invoice: the storno and the new invoice, both attached as
 * issued, in the buyer's language. Sent to the order's address as it is when the e-mail goes.
 */
export async function invoiceReissuedMessage(db: Db, row: OutboxRow): Promise<MailMessage | null> {
  const creditNoteId = Number(row.details?.creditNoteId);
  const invoiceId = Number(row.details?.invoiceId);
  if (!row.orderId || !creditNoteId || !invoiceId) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) return null;
  const [creditNote, invoice] = await Promise.all([
    orderCreditNotePdf(db, order.id, creditNoteId),
    orderInvoicePdf(db, order.id, invoiceId),
  ]);
  const [[note], [replacement]] = await Promise.all([
    db.select().from(creditNotes).where(eq(creditNotes.id, creditNoteId)),
    db.select().from(invoices).where(eq(invoices.id, invoiceId)),
  ]);
  const [replaced] = note ? await db.select().from(invoices).where(eq(invoices.id, note.invoiceId)) : [];
  if (!creditNote || !invoice || !note || !replacement || !replaced) return null;
  const rendered = renderInvoiceReissued({
    orderId: order.id,
    reference: order.reference,
    orderUrl: `${getConfig().siteUrl}/${order.locale}/order/${order.id}`,
    locale: order.locale as Locale,
    email: order.email,
    replacedNumber: formatInvoiceNumber(replaced.series, replaced.year, replaced.number),
    creditNoteNumber: formatInvoiceNumber(note.series, note.year, note.number),
    invoiceNumber: formatInvoiceNumber(replacement.series, replacement.year, replacement.number),
  });
  return {
    to: row.recipient ?? order.email,
    ...rendered,
    attachments: [creditNote, invoice].map((pdf) => ({
      filename: pdf.filename,
      content: pdf.content,
      contentType: 'application/pdf',
    })),
  };
}

/**
 * The buyer's news that delivery failed for good: what was not delivered, that the money is safe, what happens
 * next. Not sent if the order was settled meanwhile (delivered after a retry, or refunded).
 */
export async function deliveryFailedMessage(
  db: Db,
  row: OutboxRow,
): Promise<MailMessage | typeof OBSOLETE | null> {
  if (!row.orderId) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) return null;
  if (order.status !== 'FULFILLMENT_FAILED') return OBSOLETE;
  const [items, [invoice]] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
    db.select().from(invoices).where(eq(invoices.orderId, order.id)),
  ]);
  const shortfall = deliveryShortfall(items, order.amountBani);
  const undelivered = items
    .filter((item) => !item.issuedId)
    .map((item) => (order.kind === 'TOPUP' ? formatNationalPhone(item.phone ?? '') : (item.plate ?? '')));
  const rendered = renderDeliveryFailed({
    orderId: order.id,
    reference: order.reference,
    orderUrl: await buyerOrderUrl(db, order.locale, order.id),
    locale: order.locale as Locale,
    email: order.email,
    kind: order.kind,
    undelivered,
    totalBani: order.amountBani,
    delivered: shortfall.delivered,
    refundableBani: shortfall.refundableBani,
    paidAt: (invoice?.issuedAt ?? order.createdAt).toISOString(),
  });
  return { to: order.email, ...rendered, attachments: [] };
}

const isAttentionReason = (value: unknown): value is AttentionReason =>
  ATTENTION_REASONS.includes(value as AttentionReason);

/** Reasons that alerts queued before a rename still hold under their former name. */
const FORMER_REASON_NAMES: Record<string, AttentionReason> = { EFACTURA_OVERDUE: 'EFACTURA_DEADLINE_NEAR' };

/** The alert to STAFF_ALERT_EMAIL (the row's recipient) about an order that needs a hand. */
export async function staffAlertMessage(db: Db, row: OutboxRow): Promise<MailMessage | null> {
  const stored = row.details?.reason;
  const reason = (typeof stored === 'string' && FORMER_REASON_NAMES[stored]) || stored;
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
    kind: order.kind,
  });
  return { to: row.recipient, ...rendered, attachments: [] };
}

/**
 * The daily e-mail to staff (the row's recipient) about the documents held back from RO e-Factura, with the counts
 * of its queueing. Not sent once EFACTURA_PROVIDER is no longer off: the documents are then on their way.
 */
export function efacturaHeldBackMessage(row: OutboxRow): MailMessage | typeof OBSOLETE | null {
  const data = heldBackDataOf(row.details);
  if (!row.recipient || !data) return null;
  const config = getConfig();
  if (config.EFACTURA_PROVIDER !== 'off') return OBSOLETE;
  const rendered = renderEfacturaHeldBack({ ...data, adminUrl: `${config.siteUrl}/admin/invoices` });
  return { to: row.recipient, ...rendered, attachments: [] };
}
