import 'server-only';

import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { creditNotes, refunds } from '@/lib/db/schema';
import { loadOrderDocument, type OrderDocument } from '@/lib/orders/order-document';
import { isOrderId } from '@/lib/orders/orders';
import type { CreditNoteDocument, InvoiceLine } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import { formatInvoiceNumber } from './numbering';
import { invoiceDocumentOf, VIGNETTE_VAT_NOTE } from './order-invoice';
import { assertInteger, lineGrossBani, TOP_UP_VAT_RATE_PERCENT } from './vat';

/** A credit note as it is numbered and stored (the credit_notes row), with the refund's reason. */
export interface IssuedCreditNote {
  series: string;
  year: number;
  number: number;
  issuedAt: Date;
  /** What is given back, positive, in bani; the document prints it negative. */
  totalBani: number;
  reason?: string | null;
}

/**
 * The credit note (factură de stornare) of a refund, as a document for the PDF: the buyer and wording of the
 * order's invoice, which it names as the one it corrects. Giving back all the invoice was for reverses each of its
 * lines; giving back less is one line of that amount, at the VAT rate of what the order sold (vignettes outside the
 * VAT base with the same note, top-ups at the standard rate). Several refunds of one order are each partial, unless
 * one alone gives back everything: the caller keeps their sum within what was paid.
 *
 * @throws Error when the order has no invoice (nothing was paid, so nothing can be credited); RangeError when the
 * amount is not a positive whole number of bani within the invoice's total, or the date is invalid.
 */
export function creditNoteDocumentOf(order: OrderDocument, creditNote: IssuedCreditNote): CreditNoteDocument {
  const invoice = invoiceDocumentOf(order);
  if (!invoice || !order.invoice)
    throw new Error(`order ${order.orderId} has no invoice for a credit note to correct`);
  assertInteger(creditNote.totalBani, 'credit note total');
  const invoicedBani = invoice.lines.reduce((sum, line) => sum + lineGrossBani(line), 0);
  if (creditNote.totalBani <= 0 || creditNote.totalBani > invoicedBani)
    throw new RangeError(
      `a credit note of order ${order.orderId} gives back 1 to ${invoicedBani} bani, not ${creditNote.totalBani}`,
    );
  if (Number.isNaN(creditNote.issuedAt.getTime()))
    throw new RangeError('credit note issuedAt is not a valid date');

  const lines: InvoiceLine[] =
    creditNote.totalBani === invoicedBani
      ? invoice.lines.map((line) => ({ ...line, quantity: -line.quantity }))
      : [partialRefundLine(order, creditNote.totalBani)];
  const reason = creditNote.reason?.trim();

  return {
    ...invoice,
    type: 'CREDIT_NOTE',
    series: creditNote.series,
    year: creditNote.year,
    number: creditNote.number,
    issuedAt: creditNote.issuedAt.toISOString(),
    corrects: {
      series: order.invoice.series,
      year: order.invoice.year,
      number: order.invoice.number,
      issuedAt: order.invoice.issuedAt.toISOString(),
    },
    ...(reason ? { reason } : {}),
    lines,
  };
}

function partialRefundLine(order: OrderDocument, refundedBani: number): InvoiceLine {
  const line = { quantity: -1, unitPriceBani: refundedBani };
  // A top-up order holds its one top-up and nothing else; any other order holds only vignettes.
  const soldTopUp = order.items.some((item) => item.kind === 'TOPUP');
  const description = `Rambursare parțială pentru comanda ${order.orderId}`;
  return soldTopUp
    ? { description, ...line, vatRatePercent: TOP_UP_VAT_RATE_PERCENT }
    : { description, ...line, vatRatePercent: 0, vatNote: VIGNETTE_VAT_NOTE };
}

/** The credit note as the PDF file the buyer receives with the refund's e-mail. */
export async function creditNotePdf(
  document: CreditNoteDocument,
): Promise<{ filename: string; content: Buffer }> {
  const number = formatInvoiceNumber(document.series, document.year, document.number);
  return { filename: `factura-stornare-${number}.pdf`, content: await renderInvoicePdf(document) };
}

/**
 * An order's credit note as a document (what its PDF and its RO e-Factura XML are made from): the one of
 * `creditNoteId`, or the latest when none is named; null when the order has no such credit note.
 */
export async function orderCreditNoteDocument(
  db: Db,
  orderId: string,
  creditNoteId?: number,
): Promise<{ document: CreditNoteDocument; refundId: number } | null> {
  if (!isOrderId(orderId)) return null;
  const [row] = await db
    .select({ note: creditNotes, reason: refunds.reason })
    .from(creditNotes)
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .where(
      and(
        eq(creditNotes.orderId, orderId),
        creditNoteId === undefined ? undefined : eq(creditNotes.id, creditNoteId),
      ),
    )
    .orderBy(desc(creditNotes.id))
    .limit(1);
  const order = row && (await loadOrderDocument(db, orderId));
  if (!row || !order) return null;
  return {
    document: creditNoteDocumentOf(order, { ...row.note, reason: row.reason }),
    refundId: row.note.refundId,
  };
}

/** An order's credit note as its PDF, chosen as orderCreditNoteDocument chooses it. */
export async function orderCreditNotePdf(
  db: Db,
  orderId: string,
  creditNoteId?: number,
): Promise<{ filename: string; content: Buffer; refundId: number } | null> {
  const found = await orderCreditNoteDocument(db, orderId, creditNoteId);
  if (!found) return null;
  return { ...(await creditNotePdf(found.document)), refundId: found.refundId };
}

/** The credit note of a refund as its PDF, for the refund's e-mail; null when the refund has none. */
export async function refundCreditNotePdf(db: Db, orderId: string, refundId: number) {
  const [note] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, orderId), eq(creditNotes.refundId, refundId)));
  return note ? orderCreditNotePdf(db, orderId, note.id) : null;
}

/** The ids of an order's credit notes, oldest first: the buyer's page offers each for download. */
export async function creditNoteIdsOf(db: Db, orderId: string): Promise<number[]> {
  const rows = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(creditNotes.id);
  return rows.map((row) => row.id);
}
