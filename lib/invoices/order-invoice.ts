import 'server-only';

import { CURRENT_DOCUMENT_LAYOUT } from './invoice-document';
import type { InvoiceDocument, InvoiceLine, SalesInvoiceDocument } from '@/lib/db/document-snapshots';
import { renderInvoicePdfOffThread } from './pdf-thread';
import { formatInvoiceNumber } from './numbering';
import {
  invoiceBuyerOf,
  type InvoicedOrder,
  type InvoicedTopUp,
  type InvoicedVignette,
} from './invoiced-order';
import { formatNationalPhone } from '@/lib/phones/romanian-phone';
import { vatRuleOf } from './vat';
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

function topUpLine(topUp: InvoicedTopUp): InvoiceLine {
  const what = `${topUp.operator} ${topUp.faceValueEur} EUR`;
  const delivery = topUp.delivery === 'PIN' ? 'cod PIN' : 'reîncărcare directă';
  return {
    description: `Reîncărcare cartelă preplătită ${what} (${delivery}), nr. ${topUp.phone}${
      topUp.reference ? `, ref. ${topUp.reference}` : ''
    }`,
    quantity: 1,
    unitPriceBani: topUp.priceBani,
    ...vatRuleOf('TOPUP'),
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
function vignetteLine(vignette: InvoicedVignette, paidAt: Date): InvoiceLine {
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
    ...vatRuleOf('VIGNETTE'),
  };
}

/** The invoice of a paid order as a document for the PDF: seller, buyer, one line per vignette or top-up. */
export function invoiceDocumentOf(order: InvoicedOrder): SalesInvoiceDocument | null {
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
  return { filename: `factura-${number}.pdf`, content: await renderInvoicePdfOffThread(document) };
}
