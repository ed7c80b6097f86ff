import 'server-only';

import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { creditNotes } from '@/lib/db/schema';
import { CURRENT_DOCUMENT_LAYOUT } from './invoice-document';
import type { CreditNoteDocument, InvoiceLine, SalesInvoiceDocument } from '@/lib/db/document-snapshots';
import { renderInvoicePdfOffThread } from './pdf-thread';
import { formatInvoiceNumber, TOP_UP_INVOICE_SERIES } from './numbering';
import type { InvoicedOrder } from './invoiced-order';
import { invoiceDocumentOf } from './order-invoice';
import { assertInteger, lineGrossBani, vatRuleOf } from './vat';

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
 * The credit note (factură de stornare) of an invoice, as a document for the PDF and the XML: the buyer and wording of
 * the invoice as it was issued (its frozen document, lib/invoices/frozen.ts), which it names as the one it corrects.
 * Giving back all the invoice was for reverses each of its lines (a refund of everything, or the storno of an invoice
 * replaced by a new one); giving back less is one line of that amount, at the VAT rate of what the invoice sold
 * (vignettes outside the VAT base with the same note, top-ups at the standard rate). Several refunds of one order are
 * each partial, unless one alone gives back everything: the caller keeps their sum within what was paid.
 *
 * @throws RangeError when the amount is not a positive whole number of bani within the invoice's total, or the date
 * is invalid.
 */
export function creditNoteDocumentFrom(
  invoice: SalesInvoiceDocument,
  creditNote: IssuedCreditNote,
): CreditNoteDocument {
  assertInteger(creditNote.totalBani, 'credit note total');
  const invoicedBani = invoice.lines.reduce((sum, line) => sum + lineGrossBani(line), 0);
  if (creditNote.totalBani <= 0 || creditNote.totalBani > invoicedBani)
    throw new RangeError(
      `a credit note of order ${invoice.orderId} gives back 1 to ${invoicedBani} bani, not ${creditNote.totalBani}`,
    );
  if (Number.isNaN(creditNote.issuedAt.getTime()))
    throw new RangeError('credit note issuedAt is not a valid date');

  const lines: InvoiceLine[] =
    creditNote.totalBani === invoicedBani
      ? invoice.lines.map((line) => ({ ...line, quantity: -line.quantity }))
      : [partialRefundLine(invoice, creditNote.totalBani)];
  const reason = creditNote.reason?.trim();

  return {
    ...invoice,
    type: 'CREDIT_NOTE',
    series: creditNote.series,
    year: creditNote.year,
    number: creditNote.number,
    issuedAt: creditNote.issuedAt.toISOString(),
    corrects: {
      series: invoice.series,
      year: invoice.year,
      number: invoice.number,
      issuedAt: invoice.issuedAt,
    },
    ...(reason ? { reason } : {}),
    lines,
    // Issued now, whenever the invoice it corrects was: printed as documents are printed now.
    layout: CURRENT_DOCUMENT_LAYOUT,
  };
}

/**
 * {@link creditNoteDocumentFrom} the invoice an order states now: for an order's documents before they are issued.
 *
 * @throws Error when the order has no invoice (nothing was paid, so nothing can be credited).
 */
export function creditNoteDocumentOf(order: InvoicedOrder, creditNote: IssuedCreditNote): CreditNoteDocument {
  const invoice = invoiceDocumentOf(order);
  if (!invoice) throw new Error(`order ${order.orderId} has no invoice for a credit note to correct`);
  return creditNoteDocumentFrom(invoice, creditNote);
}

function partialRefundLine(invoice: SalesInvoiceDocument, refundedBani: number): InvoiceLine {
  const line = { quantity: -1, unitPriceBani: refundedBani };
  // Top-ups are invoiced in their own series, each order holding one top-up and nothing else.
  const soldTopUp = invoice.series === TOP_UP_INVOICE_SERIES;
  const description = `Rambursare parțială pentru comanda ${invoice.orderId}`;
  return { description, ...line, ...vatRuleOf(soldTopUp ? 'TOPUP' : 'VIGNETTE') };
}

/** The credit note as the PDF file the buyer receives with the refund's e-mail. */
export async function creditNotePdf(
  document: CreditNoteDocument,
): Promise<{ filename: string; content: Buffer }> {
  const number = formatInvoiceNumber(document.series, document.year, document.number);
  return { filename: `factura-stornare-${number}.pdf`, content: await renderInvoicePdfOffThread(document) };
}

/** A credit note as the buyer's order page lists it: what tells it from the others. */
export interface BuyerCreditNote {
  id: number;
  /** `RPVS-2026-000002`. */
  number: string;
  /** What it credits, positive, in bani. */
  totalBani: number;
  issuedAt: Date;
  /** `REFUND`: money given back; `CORRECTION`: the storno of an invoice replaced by a corrected one. */
  kind: 'REFUND' | 'CORRECTION';
}

/** An order's credit notes, oldest first, each with its number, amount and date: the buyer's page offers each. */
export async function buyerCreditNotesOf(db: Db, orderId: string): Promise<BuyerCreditNote[]> {
  const rows = await db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(creditNotes.id);
  return rows.map((row) => ({
    id: row.id,
    number: formatInvoiceNumber(row.series, row.year, row.number),
    totalBani: row.totalBani,
    issuedAt: row.issuedAt,
    kind: row.refundId === null ? 'CORRECTION' : 'REFUND',
  }));
}
