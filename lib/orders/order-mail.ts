import 'server-only';

import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { getConfig } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { refunds } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import { creditNotePdf } from '@/lib/invoices/credit-note';
import { frozenCreditNoteDocument, frozenInvoiceDocument } from '@/lib/invoices/frozen';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { invoicePdf } from '@/lib/invoices/order-invoice';
import { renderDeliveryFailed } from '@/lib/mail/delivery-failed';
import { renderInvoiceReissued } from '@/lib/mail/invoice-reissued';
import { OBSOLETE, type MailSender, type OrderMailKind, type OutboxRow } from '@/lib/mail/mail-kinds';
import type { MailMessage } from '@/lib/mail/mailer';
import { renderOrderDocuments } from '@/lib/mail/order-documents';
import { registerOrderMailSenders } from '@/lib/mail/outbox';
import { renderRefundConfirmation } from '@/lib/mail/refund-confirmation';
import { renderStaffAlert } from '@/lib/mail/staff-alert';
import { formatNationalPhone } from '@/lib/phones/romanian-phone';
import { ATTENTION_REASONS, type AttentionReason } from './attention';
import { buyerOrderUrl, documentToken, DOCUMENT_TOKEN_PARAM } from './document-access';
import { orderConfirmationMessage } from './order-confirmation-mail';
import { currentInvoiceOf, loadOrderWithDocuments } from './order-read';
import { findOrder, type OrderRow } from './orders';
import { deliveryShortfall, isPartialConfirmation } from './partial-delivery';

/*
 * The e-mails about an order: each reads the order once (lib/orders/order-read.ts) and gives lib/mail what it
 * renders. The outbox sends them by their kind through the senders registered here at start.
 */

/** A document as an e-mail attaches it. */
const attachment = (pdf: { filename: string; content: Buffer }) => ({
  filename: pdf.filename,
  content: pdf.content,
  contentType: 'application/pdf',
});

/** The page of every order of the buyer's address, reached without an account (lib/buyers/sign-in.ts). */
const myOrdersUrl = (locale: string) => `${getConfig().siteUrl}/${locale}/orders`;

/** What every e-mail to the buyer says of their order: its number, its page, their language and address. */
async function buyerOf(db: Db, order: OrderRow) {
  return {
    orderId: order.id,
    reference: order.reference,
    orderUrl: await buyerOrderUrl(db, order.locale, order.id),
    myOrdersUrl: myOrdersUrl(order.locale),
    locale: order.locale as Locale,
    email: order.email,
  };
}

/** The confirmation of an order's row: to the address staff gave for a re-send, else the order's. */
async function confirmationMessage(db: Db, row: OutboxRow) {
  const message = row.orderId
    ? await orderConfirmationMessage(db, row.orderId, isPartialConfirmation(row.details))
    : null;
  return message && message !== OBSOLETE && row.recipient ? { ...message, to: row.recipient } : message;
}

/** The refund's confirmation, in the buyer's language, with the credit note attached when the order was invoiced. */
export async function refundConfirmationMessage(db: Db, row: OutboxRow): Promise<MailMessage | null> {
  if (!row.orderId || !row.refundId) return null;
  const [read, [refund]] = await Promise.all([
    loadOrderWithDocuments(db, row.orderId),
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, row.refundId), eq(refunds.orderId, row.orderId))),
  ]);
  if (!read || !refund || refund.status !== 'CONFIRMED') return null;
  const { order } = read;
  const note = read.creditNotes.find((creditNote) => creditNote.refundId === refund.id);
  const [pdf, [earlier]] = await Promise.all([
    note ? frozenCreditNoteDocument(db, note).then(creditNotePdf) : null,
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
    ...(await buyerOf(db, order)),
    refundedBani: refund.amountBani,
    orderTotalBani: order.amountBani,
    earlierRefundedBani: Number(earlier?.bani ?? 0),
    creditNoteNumber: note ? formatInvoiceNumber(note.series, note.year, note.number) : undefined,
    refundedAt: (refund.settledAt ?? refund.createdAt).toISOString(),
  });
  return { to: row.recipient ?? order.email, ...rendered, attachments: pdf ? [attachment(pdf)] : [] };
}

/**
 * The buyer's e-mail when a correction replaced their invoice: the storno and the new invoice, both attached as
 * issued, in the buyer's language. Sent to the order's address as it is when the e-mail goes.
 */
async function invoiceReissuedMessage(db: Db, row: OutboxRow): Promise<MailMessage | null> {
  const creditNoteId = Number(row.details?.creditNoteId);
  const invoiceId = Number(row.details?.invoiceId);
  if (!row.orderId || !creditNoteId || !invoiceId) return null;
  const read = await loadOrderWithDocuments(db, row.orderId);
  if (!read) return null;
  const { order } = read;
  const note = read.creditNotes.find((creditNote) => creditNote.id === creditNoteId);
  const replacement = read.invoices.find((invoice) => invoice.id === invoiceId);
  const replaced = note && read.invoices.find((invoice) => invoice.id === note.invoiceId);
  if (!note || !replacement || !replaced) return null;
  const [creditNote, invoice] = await Promise.all([
    frozenCreditNoteDocument(db, note).then(creditNotePdf),
    frozenInvoiceDocument(db, replacement).then(invoicePdf),
  ]);
  const rendered = renderInvoiceReissued({
    orderId: order.id,
    reference: order.reference,
    orderUrl: `${getConfig().siteUrl}/${order.locale}/order/${order.id}`,
    myOrdersUrl: myOrdersUrl(order.locale),
    locale: order.locale as Locale,
    email: order.email,
    replacedNumber: formatInvoiceNumber(replaced.series, replaced.year, replaced.number),
    creditNoteNumber: formatInvoiceNumber(note.series, note.year, note.number),
    invoiceNumber: formatInvoiceNumber(replacement.series, replacement.year, replacement.number),
  });
  return {
    to: row.recipient ?? order.email,
    ...rendered,
    attachments: [creditNote, invoice].map(attachment),
  };
}

/**
 * The buyer's news that delivery failed for good: what was not delivered, that the money is safe, what happens
 * next. Not sent if the order was settled meanwhile (delivered after a retry, or refunded).
 */
async function deliveryFailedMessage(db: Db, row: OutboxRow): Promise<MailMessage | typeof OBSOLETE | null> {
  if (!row.orderId) return null;
  const read = await loadOrderWithDocuments(db, row.orderId);
  if (!read) return null;
  const { order } = read;
  if (order.status !== 'FULFILLMENT_FAILED') return OBSOLETE;
  const items = read.items.map(({ item }) => item);
  const shortfall = deliveryShortfall(items, order.amountBani);
  const undelivered = items
    .filter((item) => !item.issuedId)
    .map((item) => (order.kind === 'TOPUP' ? formatNationalPhone(item.phone ?? '') : (item.plate ?? '')));
  const rendered = renderDeliveryFailed({
    ...(await buyerOf(db, order)),
    kind: order.kind,
    undelivered,
    totalBani: order.amountBani,
    delivered: shortfall.delivered,
    refundableBani: shortfall.refundableBani,
    paidAt: (currentInvoiceOf(read)?.issuedAt ?? order.createdAt).toISOString(),
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
  const order = await findOrder(db, row.orderId);
  if (!order) return null;
  const rendered = renderStaffAlert({
    orderId: order.id,
    adminUrl: `${getConfig().siteUrl}/admin/transactions?q=${encodeURIComponent(order.id)}`,
    reason,
    status: order.status,
    email: order.email,
    amountBani: order.amountBani,
    detail: row.details?.detail,
    kind: order.kind,
  });
  return { to: row.recipient, ...rendered, attachments: [] };
}

/** The documents e-mail of an outbox row, to the order's address; null when the order or its invoice is gone. */
export async function orderDocumentsMessage(db: Db, row: OutboxRow): Promise<MailMessage | null> {
  if (!row.orderId) return null;
  const read = await loadOrderWithDocuments(db, row.orderId);
  const invoice = read && currentInvoiceOf(read);
  if (!read || !invoice) return null;
  const { order } = read;
  const token = await documentToken(db, order.id);
  const download = (query: string) =>
    `${getConfig().siteUrl}/api/orders/${order.id}/invoice?${query}${DOCUMENT_TOKEN_PARAM}=${token}`;
  const rendered = renderOrderDocuments({
    ...(await buyerOf(db, order)),
    invoice: { number: formatInvoiceNumber(invoice.series, invoice.year, invoice.number), url: download('') },
    creditNotes: read.creditNotes.map((note) => ({
      number: formatInvoiceNumber(note.series, note.year, note.number),
      url: download(`type=credit-note&creditNoteId=${note.id}&`),
    })),
  });
  return { to: order.email, ...rendered, attachments: [] };
}

/**
 * The sender of every e-mail about an order, by its outbox kind: a kind lib/mail/mail-kinds.ts adds without a sender
 * here does not compile.
 */
const ORDER_MAIL_SENDERS: Record<OrderMailKind, MailSender> = {
  ORDER_CONFIRMATION: confirmationMessage,
  DELIVERY_FAILED: deliveryFailedMessage,
  REFUND_CONFIRMATION: refundConfirmationMessage,
  STAFF_ALERT: staffAlertMessage,
  INVOICE_REISSUED: invoiceReissuedMessage,
  ORDER_DOCUMENTS: orderDocumentsMessage,
};

/** Gives the outbox the senders above: at start, before the mail job runs (lib/startup/workers.ts). */
export function registerOrderMail(): void {
  registerOrderMailSenders(ORDER_MAIL_SENDERS);
}
