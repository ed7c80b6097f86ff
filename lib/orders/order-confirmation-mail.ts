import 'server-only';

import { getConfig } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { formatEur } from '@/lib/i18n/format';
import { frozenInvoiceDocument } from '@/lib/invoices/frozen';
import { invoicePdf } from '@/lib/invoices/order-invoice';
import { OBSOLETE } from '@/lib/mail/mail-kinds';
import type { MailMessage } from '@/lib/mail/mailer';
import { renderOrderConfirmation, type OrderConfirmationData } from '@/lib/mail/order-confirmation';
import { HUNGARIAN_COUNTIES } from '@/lib/vignettes/counties';
import { buyerOrderUrl } from './document-access';
import { loadOrderDocument, type DocumentTopUp, type DocumentVignette } from './order-document';

/**
 * The confirmation of an order, with its vignettes' ids and the invoice attached. It confirms what was delivered: of
 * an order left partly delivered, only that, naming what is still to come. The confirmation queued for a partly
 * delivered order (`partialOnly`) is obsolete once everything is delivered: the full one is queued then.
 */
export async function orderConfirmationMessage(
  db: Db,
  orderId: string,
  partialOnly = false,
): Promise<MailMessage | typeof OBSOLETE | null> {
  const loaded = await loadOrderDocument(db, orderId);
  if (!loaded) return null;
  const order = loaded.document;
  const undelivered = order.items.filter(
    (item) => !(item.kind === 'VIGNETTE' ? item.issuedId : item.reference),
  );
  if (partialOnly && !undelivered.length) return OBSOLETE;
  // The invoice as it was issued, never as the order reads now.
  const invoice = loaded.invoice && (await frozenInvoiceDocument(db, loaded.invoice));
  const pdf = invoice && (await invoicePdf(invoice));
  const topUp = order.items.find(
    (item): item is DocumentTopUp => item.kind === 'TOPUP' && Boolean(item.reference),
  );
  const data: OrderConfirmationData = {
    orderId,
    reference: order.reference,
    orderUrl: await buyerOrderUrl(db, order.locale, orderId),
    siteUrl: getConfig().siteUrl,
    locale: order.locale as OrderConfirmationData['locale'],
    email: order.email,
    createdAt: order.createdAt.toISOString(),
    totalBani: order.totalBani,
    invoiceNumber: order.invoice?.numberText,
    // The first invoice is issued in the paying transaction: its time is the payment's, from which a vignette for
    // today runs.
    paidAt: order.invoice?.paidAt.toISOString(),
    topUp: topUp && topUpOf(topUp, order.locale),
    undelivered: undelivered.map((item) => (item.kind === 'VIGNETTE' ? (item.plate ?? '') : item.phone)),
    vignettes: order.items
      .filter((item): item is DocumentVignette => item.kind === 'VIGNETTE' && Boolean(item.issuedId))
      .map((vignette) => ({
        issuedId: vignette.issuedId ?? '',
        plate: vignette.plate ?? '',
        country: vignette.country ?? '',
        categoryTitle: vignette.category,
        type: vignette.type ?? 'WEEK',
        county: HUNGARIAN_COUNTIES.find((county) => county.id === vignette.county)?.name,
        firstDay: vignette.firstDay ?? '',
        lastDay: vignette.lastDay ?? '',
        priceBani: vignette.priceBani,
      })),
  };
  const rendered = renderOrderConfirmation(data);
  return {
    to: order.email,
    ...rendered,
    attachments: pdf
      ? [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }]
      : [],
  };
}

/** What the e-mail says of a delivered top-up: the operator, the number, the credit, the reference or the PIN. */
function topUpOf(topUp: DocumentTopUp, locale: string): NonNullable<OrderConfirmationData['topUp']> {
  return {
    operator: topUp.operator,
    phone: topUp.phone,
    faceValue: formatEur(Math.round(topUp.faceValueEur * 100), locale),
    delivery: topUp.delivery,
    reference: topUp.reference ?? undefined,
    pin: topUp.pin ?? undefined,
    priceBani: topUp.priceBani,
  };
}
