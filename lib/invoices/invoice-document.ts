import type { Locale } from '@/lib/i18n/routing';
import type { VatLine } from './vat';

/** An invoice as data: what lib/invoices/order-invoice.ts makes of a paid order and invoice-pdf.ts prints. */

/** An invoice is worded in the buyer's language: one of the shop's. */
export type InvoiceLocale = Locale;

export interface InvoiceLine extends VatLine {
  description: string;
  /** Printed under the lines as it is passed (e.g. the collected-on-behalf-of wording for vignettes). */
  vatNote?: string;
}

export interface InvoiceBuyer {
  kind: 'PERSON' | 'COMPANY';
  name: string;
  address?: string;
  taxId?: string;
  tradeRegister?: string;
  email: string;
}

export interface InvoiceDocument {
  series: string;
  number: number;
  year: number;
  /** ISO timestamp; the printed date is the calendar day in Romania. */
  issuedAt: string;
  orderId: string;
  currency: 'RON';
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  /** e.g. "Card (Netopia Payments)" */
  paymentMethod: string;
  locale: InvoiceLocale;
}
