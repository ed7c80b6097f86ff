import 'server-only';

import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { invoices } from '@/lib/db/schema';
import { findOrder, findOrderItems, type OrderItemRow } from '@/lib/orders/orders';
import { formatNationalPhone } from '@/lib/phones/romanian-phone';
import { topUpProductRecord } from '@/lib/topups/catalog';
import { TOP_UP_VAT_RATE_PERCENT } from './numbering';
import { formatInvoiceNumber, renderInvoicePdf, type InvoiceDocument, type InvoiceLine } from './invoice-pdf';

const PERIOD_RO: Record<string, string> = {
  DAY: 'zilnică',
  WEEK: '10 zile',
  MONTH: 'lunară',
  YEAR: 'anuală',
  COUNTY_YEAR: 'anuală de județ',
};

/** Vignettes are collected in the name and on behalf of the Hungarian issuer: outside the VAT base (Cod fiscal art. 286 (4) b). */
const VIGNETTE_VAT_NOTE =
  'Sumă încasată în numele și în contul emitentului maghiar al rovinietei (Nemzeti Mobilfizetési Zrt.), neinclusă în baza de impozitare a TVA conform art. 286 alin. (4) lit. b) din Codul fiscal.';

type ProductRecord = Awaited<ReturnType<typeof topUpProductRecord>>;

function topUpLine(item: OrderItemRow, products: ProductRecord[]): InvoiceLine {
  const record = products.find((entry) => entry?.product.id === item.topUpProductId);
  const what = record
    ? `${record.operator.name} ${record.operator.plan} ${record.product.faceValueCents / 100} EUR`
    : item.topUpProductId;
  const delivery = record?.product.delivery === 'PIN' ? 'cod PIN' : 'reîncărcare directă';
  return {
    description: `Reîncărcare cartelă preplătită ${what} (${delivery}), nr. ${formatNationalPhone(item.phone ?? '')}${
      item.issuedId ? `, ref. ${item.issuedId}` : ''
    }`,
    quantity: 1,
    unitPriceBani: item.priceBani,
    vatRatePercent: TOP_UP_VAT_RATE_PERCENT,
  };
}

/** The invoice of a paid order as a document for the PDF: seller, buyer, one line per vignette or top-up. */
export async function orderInvoiceDocument(db: Db, orderId: string): Promise<InvoiceDocument | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const order = await findOrder(db, orderId);
  if (!invoice || !order) return null;
  const items = await findOrderItems(db, orderId);
  const products = await Promise.all(
    items.map(({ item }) => (item.topUpProductId ? topUpProductRecord(db, item.topUpProductId) : undefined)),
  );
  const buyer = order.invoiceData;
  return {
    series: invoice.series,
    number: invoice.number,
    year: invoice.year,
    issuedAt: invoice.issuedAt.toISOString(),
    orderId,
    currency: 'RON',
    buyer: buyer
      ? { ...buyer, email: order.email }
      : { kind: 'PERSON', name: order.email, email: order.email },
    lines: items.map(({ item, categoryTitle }) => item.topUpProductId ? topUpLine(item, products) : ({
      description: `Rovinietă electronică Ungaria ${categoryTitle ?? item.categoryCode}, ${PERIOD_RO[item.vignetteType ?? ''] ?? item.vignetteType}${
        item.county ? ` (${item.county})` : ''
      }, ${item.plate} (${item.country}), ${item.firstDay} – ${item.lastDay}${item.issuedId ? `, nr. ${item.issuedId}` : ''}`,
      quantity: 1,
      unitPriceBani: item.priceBani,
      vatRatePercent: 0,
      vatNote: VIGNETTE_VAT_NOTE,
    })),
    paymentMethod: 'Card (Netopia Payments)',
    locale: order.locale as InvoiceDocument['locale'],
  };
}

export async function orderInvoicePdf(
  db: Db,
  orderId: string,
): Promise<{ filename: string; content: Buffer } | null> {
  const document = await orderInvoiceDocument(db, orderId);
  if (!document) return null;
  const number = formatInvoiceNumber(document.series, document.year, document.number);
  return { filename: `factura-${number}.pdf`, content: await renderInvoicePdf(document) };
}
