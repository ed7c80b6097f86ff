import 'server-only';

import { asc, eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { COMPANY } from '@/lib/company';
import type { Db } from '@/lib/db/client';
import { creditNotes, invoices, orders, outbox } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { buyerOrderUrl, documentToken, DOCUMENT_TOKEN_PARAM } from '@/lib/orders/document-access';
import { getConfig } from '@/lib/config/env';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import {
  buyerClosing,
  closingHtml,
  closingText,
  linkButtonHtml,
  mailLocale,
  paragraphHtml,
  renderMailHtml,
  renderMailText,
  type MailFrame,
  orderNumberOf,
} from './layout';
import type { MailMessage } from './mailer';

/** One document's link: its label (with its number) and its download address with the order's key. */
interface DocumentLink {
  label: string;
  url: string;
}

export interface OrderDocumentsData {
  orderId: string;
  /** The short reference the buyer reads out (`RP-7K3-9QX`), shown instead of the id; null on older orders. */
  reference?: string | null;
  orderUrl: string;
  locale: Locale;
  email: string;
  invoice: { number: string; url: string };
  creditNotes: { number: string; url: string }[];
}

// Each language's book, of which only this e-mail's namespace travels with the translator.
const BOOKS: Record<Locale, typeof ro> = { ro, en, de, hu };

/**
 * The e-mail a visitor holding an order's id asked for on its page: the links to the order's invoice and credit
 * notes, sent to the order's own address, in the buyer's language. Every value is escaped in the HTML.
 */
export function renderOrderDocuments(data: OrderDocumentsData): {
  subject: string;
  text: string;
  html: string;
} {
  const locale = mailLocale(data.locale);
  const t = createTranslator({
    locale,
    messages: { OrderDocumentsEmail: BOOKS[locale].OrderDocumentsEmail },
    namespace: 'OrderDocumentsEmail',
    timeZone: SHOP_TIME_ZONE,
  });
  const frame: MailFrame = {
    lang: locale,
    subject: t('subject', { orderId: orderNumberOf(data), brand: COMPANY.brand }),
    preheader: t('preheader'),
    heading: t('heading'),
    signOff: [t('signOff'), t('team', { brand: COMPANY.brand })],
    footer: [
      `${COMPANY.name} · ${COMPANY.headquarters}`,
      t('sentTo', { email: data.email, orderId: orderNumberOf(data) }),
    ],
  };
  const links: DocumentLink[] = [
    { label: t('invoice', { number: data.invoice.number }), url: data.invoice.url },
    ...data.creditNotes.map((note) => ({ label: t('creditNote', { number: note.number }), url: note.url })),
  ];
  const paragraphs = [t('greeting'), t('intro', { orderId: orderNumberOf(data) })];
  const closing = { notes: [t('keepPrivate'), t('notAsked')], ...buyerClosing(t, data.orderUrl) };
  const text = renderMailText(frame, [
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...links.flatMap((link) => [link.label, link.url, '']),
    ...closingText(closing),
  ]);
  const html = renderMailHtml(
    frame,
    `${paragraphs.map((paragraph) => paragraphHtml(paragraph)).join('\n')}
${links.map((link) => linkButtonHtml(link.url, link.label)).join('\n')}
${closingHtml(closing)}`,
  );
  return { subject: frame.subject, text, html };
}

type OutboxRow = typeof outbox.$inferSelect;

/** The documents e-mail of an outbox row, to the order's address; null when the order or its invoice is gone. */
export async function orderDocumentsMessage(db: Db, row: OutboxRow): Promise<MailMessage | null> {
  if (!row.orderId) return null;
  const [[order], [invoice], notes] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, row.orderId)),
    db.select().from(invoices).where(eq(invoices.orderId, row.orderId)),
    db.select().from(creditNotes).where(eq(creditNotes.orderId, row.orderId)).orderBy(asc(creditNotes.id)),
  ]);
  if (!order || !invoice) return null;
  const token = await documentToken(db, order.id);
  const download = (query: string) =>
    `${getConfig().siteUrl}/api/orders/${order.id}/invoice?${query}${DOCUMENT_TOKEN_PARAM}=${token}`;
  const rendered = renderOrderDocuments({
    orderId: order.id,
    reference: order.reference,
    orderUrl: await buyerOrderUrl(db, order.locale, order.id),
    locale: order.locale as Locale,
    email: order.email,
    invoice: { number: formatInvoiceNumber(invoice.series, invoice.year, invoice.number), url: download('') },
    creditNotes: notes.map((note) => ({
      number: formatInvoiceNumber(note.series, note.year, note.number),
      url: download(`type=credit-note&creditNoteId=${note.id}&`),
    })),
  });
  return { to: order.email, ...rendered, attachments: [] };
}
