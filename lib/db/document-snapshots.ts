import type { Locale } from '@/lib/i18n/routing';

/**
 * An invoice or a credit note as data, as it is stored when issued (the `snapshot` columns of lib/db/schema.ts) and
 * printed ever after: lib/invoices issues and prints them.
 */

/** What the arithmetic needs of an invoice line. */
export interface VatLine {
  quantity: number;
  /** Gross unit price (VAT included), in bani. */
  unitPriceBani: number;
  vatRatePercent: number;
}

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
