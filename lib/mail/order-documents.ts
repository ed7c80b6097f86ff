import 'server-only';

import { createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import { COMPANY } from '@/lib/company';
import type { Locale } from '@/lib/i18n/routing';
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
    ...KEPT_FORMATTERS,
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
