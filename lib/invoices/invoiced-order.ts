import type { orderItems } from '@/lib/db/schema';
import { isLegacyInvoiceData, type InvoiceData } from '@/lib/db/invoice-data';
import type { InvoiceBuyer } from '@/lib/db/document-snapshots';

/*
 * What an invoice states of an order: the facts lib/orders reads and passes in when a document is issued. lib/invoices
 * never reads an order itself (docs/architecture.md, Layers).
 */

type ItemColumns = typeof orderItems.$inferSelect;

/** A vignette as its invoice line names it; its county is the county's id, for COUNTY_YEAR. */
export interface InvoicedVignette {
  kind: 'VIGNETTE';
  /** The category's title (D1, U…), its code if it has none. */
  category: string;
  type: ItemColumns['vignetteType'];
  county: ItemColumns['county'];
  plate: ItemColumns['plate'];
  country: ItemColumns['country'];
  firstDay: ItemColumns['firstDay'];
  lastDay: ItemColumns['lastDay'];
  priceBani: number;
  issuedId: string | null;
}

/** A top-up as its invoice line names it. */
export interface InvoicedTopUp {
  kind: 'TOPUP';
  /** `Orange PrePay`. */
  operator: string;
  faceValueEur: number;
  delivery: 'DIRECT' | 'PIN';
  /** `0722 123 456`. */
  phone: string;
  reference: string | null;
  priceBani: number;
}

/** The number and dates of an order's invoice, as its document prints them. */
export interface InvoiceNumbering {
  series: string;
  year: number;
  number: number;
  issuedAt: Date;
  /** The payment's time, the issue of the order's first invoice (a correction's new invoice is issued later). */
  paidAt: Date;
}

/** An order as its invoice states it; `invoice` once it is numbered. */
export interface InvoicedOrder {
  orderId: string;
  /** The short reference (`RP-7K3-9QX`); null on an order older than references. */
  reference: string | null;
  locale: string;
  email: string;
  /** Whom the buyer asked to be invoiced: null when nobody in particular (a person known by the e-mail). */
  billing: InvoiceData | null;
  invoice?: InvoiceNumbering;
  items: (InvoicedVignette | InvoicedTopUp)[];
}

/**
 * Whom the order's invoice names: the billing data's address in its parts (what the e-Factura XML needs), an older
 * order's free-text address as it was given, or, when the buyer asked for no one, a private person known by e-mail.
 * A buyer named by billing data gets no e-mail on the invoice: it is the order's contact, which may change, and an
 * issued invoice does not (docs/decisions/0023-frozen-documents.md).
 */
export function invoiceBuyerOf(billing: InvoiceData | null, email: string): InvoiceBuyer {
  if (!billing) return { kind: 'PERSON', name: email, email };
  const { kind, name } = billing;
  const company =
    billing.kind === 'COMPANY'
      ? {
          ...(billing.taxId ? { taxId: billing.taxId } : {}),
          ...(billing.tradeRegister ? { tradeRegister: billing.tradeRegister } : {}),
        }
      : {};
  if (isLegacyInvoiceData(billing)) return { kind, name, address: billing.address, ...company };
  const { street, city, county, postalCode, country } = billing;
  return {
    kind,
    name,
    street,
    city,
    ...(county ? { county } : {}),
    ...(postalCode ? { postalCode } : {}),
    country,
    ...company,
  };
}
