import 'server-only';

import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { invoices } from '@/lib/db/schema';
import type { InvoiceRow } from '@/lib/invoices/frozen';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { formatNationalPhone } from '@/lib/phones/romanian-phone';
import type {
  InvoicedOrder,
  InvoicedTopUp,
  InvoicedVignette,
  InvoiceNumbering,
} from '@/lib/invoices/invoiced-order';
import { isOrderId, type OrderRow } from './orders';
import {
  loadOrder,
  loadOrderItems,
  vignetteOf,
  type LoadedItem,
  type LoadedOrder,
  type VignetteOf,
} from './order-read';

/** A vignette; its county is the county's id, for COUNTY_YEAR. */
export type DocumentVignette = InvoicedVignette & VignetteOf;

/** A top-up as its invoice states it, and its PIN, which only the e-mail gives. */
export interface DocumentTopUp extends InvoicedTopUp {
  pin: string | null;
}

/**
 * What the documents the buyer receives (the invoice and the confirmation e-mail) say of an order. They go to the
 * buyer's own address, so nothing is masked: the PIN of a top-up is in the e-mail.
 */
export interface OrderDocument extends InvoicedOrder {
  createdAt: Date;
  totalBani: number;
  /** The order's current invoice, once it is paid. */
  invoice?: InvoiceNumbering & { numberText: string };
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
 * The order with its items and invoice, as its documents say it, and its current invoice's row (what the confirmation
 * attaches, read once); undefined when there is no such order.
 */
export async function loadOrderDocument(
  db: Db,
  orderId: string,
): Promise<{ document: OrderDocument; invoice: InvoiceRow | undefined } | undefined> {
  // An id that cannot be one (`%00`, a path) is no order, without a query (PostgreSQL refuses a NUL in text).
  if (!isOrderId(orderId)) return undefined;
  const [loaded, all] = await Promise.all([
    loadOrder(db, orderId),
    // The current invoice, and those a correction replaced: the first one was issued at payment.
    preparedStatement(db, 'order_invoices', (on) =>
      on
        .select()
        .from(invoices)
        .where(
          or(
            eq(invoices.orderId, sql.placeholder('orderId')),
            eq(invoices.replacedOrderId, sql.placeholder('orderId')),
          ),
        )
        .orderBy(asc(invoices.id))
        .prepare('order_invoices'),
    ).execute({ orderId }),
  ]);
  const invoice = all.find((row) => row.orderId === orderId);
  return loaded && { document: toOrderDocument(loaded, invoice, all[0]?.issuedAt), invoice };
}

/**
 * The order as its invoice states it, read in `executor` (the issuing transaction): what lib/invoices is given to issue
 * a document, and to freeze one issued before snapshots existed. `current`: the order's row as the transaction just
 * wrote it (`returning`), so that only its items are read.
 */
export async function invoicedOrderOf(
  executor: Executor,
  orderId: string,
  current?: OrderRow,
): Promise<InvoicedOrder> {
  const loaded = current
    ? { order: current, items: await loadOrderItems(executor, orderId) }
    : await loadOrder(executor, orderId);
  if (!loaded) throw new Error(`order ${orderId} is not there to invoice`);
  return toOrderDocument(loaded, undefined);
}
