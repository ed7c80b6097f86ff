import 'server-only';

import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { invoices } from '@/lib/db/schema';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { formatNationalPhone } from '@/lib/phones/romanian-phone';
import type { InvoiceBuyer } from '@/lib/invoices/invoice-document';
import { isLegacyInvoiceData, type InvoiceData } from '@/lib/db/invoice-data';
import { isOrderId } from './orders';
import { loadOrder, vignetteOf, type LoadedItem, type LoadedOrder, type VignetteOf } from './order-read';

/** A vignette; its county is the county's id, for COUNTY_YEAR. */
export interface DocumentVignette extends VignetteOf {
  kind: 'VIGNETTE';
  /** The category's title (D1, U…), its code if it has none. */
  category: string;
  priceBani: number;
  issuedId: string | null;
}

export interface DocumentTopUp {
  kind: 'TOPUP';
  /** `Orange PrePay`. */
  operator: string;
  faceValueEur: number;
  delivery: 'DIRECT' | 'PIN';
  /** `0722 123 456`. */
  phone: string;
  reference: string | null;
  pin: string | null;
  priceBani: number;
}

/**
 * What the documents the buyer receives (the invoice and the confirmation e-mail) say of an order. They go to the
 * buyer's own address, so nothing is masked: the PIN of a top-up is in the e-mail.
 */
export interface OrderDocument {
  orderId: string;
  /** The short reference (`RP-7K3-9QX`); null on an order older than references. */
  reference: string | null;
  locale: string;
  email: string;
  createdAt: Date;
  totalBani: number;
  /** Whom the buyer asked to be invoiced: null when nobody in particular (a person known by the e-mail). */
  billing: InvoiceData | null;
  /**
   * The order's current invoice, once it is paid; `paidAt` is the payment's time, the issue of its first invoice (a
   * correction's new invoice is issued later).
   */
  invoice?: {
    series: string;
    year: number;
    number: number;
    issuedAt: Date;
    numberText: string;
    paidAt: Date;
  };
  items: (DocumentVignette | DocumentTopUp)[];
}

function documentItem({ item, categoryTitle, topUp }: LoadedItem): DocumentVignette | DocumentTopUp {
  if (topUp) {
    return {
      kind: 'TOPUP',
      operator: `${topUp.operator.name} ${topUp.operator.plan}`,
      faceValueEur: topUp.product.faceValueCents / 100,
      delivery: topUp.product.delivery,
      phone: formatNationalPhone(item.phone ?? ''),
      reference: item.issuedId,
      pin: item.deliveredPin,
      priceBani: item.priceBani,
    };
  }
  return {
    kind: 'VIGNETTE',
    category: categoryTitle ?? item.categoryCode ?? '',
    ...vignetteOf(item),
    priceBani: item.priceBani,
    issuedId: item.issuedId,
  };
}

export function toOrderDocument(
  { order, items }: LoadedOrder,
  invoice: Pick<typeof invoices.$inferSelect, 'series' | 'year' | 'number' | 'issuedAt'> | undefined,
  paidAt = invoice?.issuedAt,
): OrderDocument {
  return {
    orderId: order.id,
    reference: order.reference,
    locale: order.locale,
    email: order.email,
    createdAt: order.createdAt,
    totalBani: order.amountBani,
    billing: order.invoiceData ?? null,
    invoice: invoice && {
      series: invoice.series,
      year: invoice.year,
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      numberText: formatInvoiceNumber(invoice.series, invoice.year, invoice.number),
      paidAt: paidAt ?? invoice.issuedAt,
    },
    items: items.map(documentItem),
  };
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

/** The order with its items and invoice, as its documents say it; undefined when there is no such order. */
export async function loadOrderDocument(db: Db, orderId: string): Promise<OrderDocument | undefined> {
  // An id that cannot be one (`%00`, a path) is no order, without a query (PostgreSQL refuses a NUL in text).
  if (!isOrderId(orderId)) return undefined;
  const [loaded, all] = await Promise.all([
    loadOrder(db, orderId),
    // The current invoice, and those a correction replaced: the first one was issued at payment.
    db
      .select()
      .from(invoices)
      .where(or(eq(invoices.orderId, orderId), eq(invoices.replacedOrderId, orderId)))
      .orderBy(asc(invoices.id)),
  ]);
  const invoice = all.find((row) => row.orderId === orderId);
  return loaded && toOrderDocument(loaded, invoice, all[0]?.issuedAt);
}
