import type { Locale } from '@/lib/i18n/routing';
import type { VatLine } from './vat';

/**
 * An invoice or a credit note as data: what order-invoice.ts and credit-note.ts make of an order, and invoice-pdf.ts
 * prints.
 */

/** An invoice is worded in the buyer's language: one of the shop's. */
export type InvoiceLocale = Locale;

export interface InvoiceLine extends VatLine {
  description: string;
  /** Printed under the lines as it is passed (e.g. the collected-on-behalf-of wording for vignettes). */
  vatNote?: string;
}

/**
 * Whom an invoice names. Orders since billing data was structured carry the address in parts (what RO e-Factura needs:
 * street, city, county as its ISO 3166-2 code, `RO-CJ`, for Romania, postal code, country as ISO 3166-1 alpha-2);
 * older orders carry it as one free text (`address`); an order without billing data names the buyer by e-mail.
 */
export interface InvoiceBuyer {
  kind: 'PERSON' | 'COMPANY';
  name: string;
  /** Free text, from orders placed before billing data was structured. */
  address?: string;
  street?: string;
  city?: string;
  /** ISO 3166-2 subdivision: `RO-CJ`, `RO-B` for Bucharest (whose city is then its sector). */
  county?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  taxId?: string;
  tradeRegister?: string;
  /**
   * Only for a buyer named by their e-mail (no billing data): the e-mail is then who they are. A buyer with billing
   * data is named by it, and their contact address is the order's, not the invoice's (docs/decisions/0023).
   */
  email?: string;
}

/**
 * The layout a document issued now is printed with. An issued document keeps the layout it was issued with, since its
 * PDF is printed from its snapshot at every download and must stay the same file: a change of the printed form (not
 * of what the document states) is a new layout, and the PDF printer keeps each earlier one.
 *
 * - none: documents issued before layouts were numbered (the seller's share capital as `COMPANY` writes it, "202000 lei");
 * - 2: the share capital with a thousands separator ("202.000 lei"), as every amount of the document is printed.
 */
export const CURRENT_DOCUMENT_LAYOUT = 2;

interface DocumentFields {
  series: string;
  number: number;
  year: number;
  /** ISO timestamp; the printed date is the calendar day in Romania. */
  issuedAt: string;
  orderId: string;
  /**
   * The order's short reference (`RP-7K3-9QX`), printed beside its id; absent on documents issued before references,
   * which never gain one (an issued document does not change).
   */
  orderReference?: string;
  currency: 'RON';
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  /** e.g. "Card (Netopia Payments)" */
  paymentMethod: string;
  locale: InvoiceLocale;
  /** The layout it was issued with ({@link CURRENT_DOCUMENT_LAYOUT}); absent on documents issued before layouts. */
  layout?: number;
}

/** The invoice a credit note corrects, as it was issued. */
export interface CorrectedInvoice {
  series: string;
  year: number;
  number: number;
  /** ISO timestamp. */
  issuedAt: string;
}

/** The invoice of a paid order. Documents made before credit notes existed carry no type: they are invoices. */
export interface SalesInvoiceDocument extends DocumentFields {
  type?: 'INVOICE';
}

/**
 * A credit note (factură de stornare): money given back, with its own number, referring to the invoice it
 * corrects, which stays as it was. Its lines carry negative quantities, so every amount it prints is negative.
 */
export interface CreditNoteDocument extends DocumentFields {
  type: 'CREDIT_NOTE';
  corrects: CorrectedInvoice;
  /** Why the money was given back, printed as it is passed. */
  reason?: string;
}

export type InvoiceDocument = SalesInvoiceDocument | CreditNoteDocument;
