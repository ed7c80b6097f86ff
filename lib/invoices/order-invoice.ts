import 'server-only';

import {
  invoiceBuyerOf,
  type DocumentTopUp,
  type DocumentVignette,
  type OrderDocument,
} from '@/lib/orders/order-document';
import {
  CURRENT_DOCUMENT_LAYOUT,
  type InvoiceDocument,
  type InvoiceLine,
  type SalesInvoiceDocument,
} from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import { formatInvoiceNumber } from './numbering';
import { formatNationalPhone } from '@/lib/phones/romanian-phone';
import { TOP_UP_VAT_RATE_PERCENT } from './vat';
import type { VignetteType } from '@/lib/vignettes/periods';
import { countyName } from '@/lib/vignettes/counties';
import { validityText } from '@/lib/vignettes/validity-text';
import ro from '@/messages/ro.json';

const PERIOD_RO: Record<VignetteType, string> = {
  DAY: 'zilnică',
  WEEK: 'de 10 zile',
  MONTH: 'lunară',
  YEAR: 'anuală',
  COUNTY_YEAR: 'anuală județeană',
};

/** Vignettes are collected in the name and on behalf of the Hungarian issuer: outside the VAT base (Cod fiscal art. 286 (4) e), the amounts paid in the name and on behalf of another). */
export const VIGNETTE_VAT_NOTE =
  'Sumă încasată în numele și în contul emitentului maghiar al vinietei (Nemzeti Mobilfizetési Zrt.), neinclusă în baza de impozitare a TVA conform art. 286 alin. (4) lit. e) din Codul fiscal.';

function topUpLine(topUp: DocumentTopUp): InvoiceLine {
  const what = `${topUp.operator} ${topUp.faceValueEur} EUR`;
  const delivery = topUp.delivery === 'PIN' ? 'cod PIN' : 'reîncărcare directă';
  return {
    description: `Reîncărcare cartelă preplătită ${what} (${delivery}), nr. ${topUp.phone}${
      topUp.reference ? `, ref. ${topUp.reference}` : ''
    }`,
    quantity: 1,
    unitPriceBani: topUp.priceBani,
    vatRatePercent: TOP_UP_VAT_RATE_PERCENT,
  };
}

/**
 * Whether an invoice states a top-up's phone number (`phone` in E.164, as the order stores it): its line names the
 * number as {@link topUpLine} writes it. A correction of a number the invoice states reissues it.
 */
export const invoiceStatesPhone = (document: InvoiceDocument, phone: string): boolean =>
  document.lines.some((line) => line.description.includes(`nr. ${formatNationalPhone(phone)}`));

/**
 * A vignette as the invoice names it, in Romanian like the rest of the invoice: its validity worded as the e-mail and
 * the order page word it, from the payment (`paidAt`, the first invoice's issue, taken in the paying transaction) when
 * it falls on the first day.
 */
function vignetteLine(vignette: DocumentVignette, paidAt: Date): InvoiceLine {
  const validity =
    vignette.firstDay && vignette.lastDay
      ? `, valabilă ${validityText(ro.VignetteValidity, { firstDay: vignette.firstDay, lastDay: vignette.lastDay }, paidAt, 'ro')}`
      : '';
  return {
    description: `Vinietă electronică Ungaria ${vignette.category}, ${vignette.type ? PERIOD_RO[vignette.type] : ''}${
      vignette.county ? `, județul ${countyName(vignette.county)}` : ''
    }, ${vignette.plate} (${vignette.country})${validity}${vignette.issuedId ? `, nr. ${vignette.issuedId}` : ''}`,
    quantity: 1,
    unitPriceBani: vignette.priceBani,
    vatRatePercent: 0,
    vatNote: VIGNETTE_VAT_NOTE,
  };
}

/** The invoice of a paid order as a document for the PDF: seller, buyer, one line per vignette or top-up. */
export function invoiceDocumentOf(order: OrderDocument): SalesInvoiceDocument | null {
  const { invoice, billing } = order;
  if (!invoice) return null;
  return {
    type: 'INVOICE',
    series: invoice.series,
    number: invoice.number,
    year: invoice.year,
    issuedAt: invoice.issuedAt.toISOString(),
    orderId: order.orderId,
    ...(order.reference ? { orderReference: order.reference } : {}),
    currency: 'RON',
    buyer: invoiceBuyerOf(billing, order.email),
    lines: order.items.map((item) =>
      item.kind === 'TOPUP' ? topUpLine(item) : vignetteLine(item, invoice.paidAt),
    ),
    paymentMethod: 'Card (Netopia Payments)',
    locale: order.locale as InvoiceDocument['locale'],
    layout: CURRENT_DOCUMENT_LAYOUT,
  };
}

/** The invoice as the PDF file the buyer receives. */
export async function invoicePdf(document: InvoiceDocument): Promise<{ filename: string; content: Buffer }> {
  const number = formatInvoiceNumber(document.series, document.year, document.number);
  return { filename: `factura-${number}.pdf`, content: await renderInvoicePdf(document) };
}
