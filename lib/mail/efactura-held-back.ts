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
  formatTimestamp,
  linkButtonHtml,
  mailLocale,
  paragraphHtml,
  renderMailHtml,
  renderMailText,
  rowsTableHtml,
  rowsText,
  subheadingHtml,
  type MailFrame,
  type Row,
} from './layout';
import type { MailKind } from './mail-kinds';

/** The outbox kind of the daily e-mail to staff while EFACTURA_PROVIDER=off (lib/efactura/held-back-digest.ts). */
export const EFACTURA_HELD_BACK = 'EFACTURA_HELD_BACK' satisfies MailKind;

/** What the daily e-mail reports, as counted when it was queued. */
export interface EfacturaHeldBackData {
  /** Invoices and credit notes not yet at ANAF. */
  waiting: number;
  /** Of those, the ones past their legal deadline. */
  late: number;
  oldest: { number: string; issuedAt: string };
  /** When the documents were counted. */
  countedAt: string;
  /** The invoices screen: /admin/invoices on the shop's address. */
  adminUrl: string;
  /** Staff read Romanian unless told otherwise. */
  locale?: Locale;
}

/**
 * The outbox row's `details` (text values, as the column holds): the day it is for, and the counts it reports, so
 * that a retry sends what was counted, not a view of later.
 */
export function heldBackDetails(day: string, data: Omit<EfacturaHeldBackData, 'adminUrl' | 'locale'>) {
  return {
    day,
    waiting: String(data.waiting),
    late: String(data.late),
    oldestNumber: data.oldest.number,
    oldestIssuedAt: data.oldest.issuedAt,
    countedAt: data.countedAt,
  };
}

/** The counts of an outbox row's `details`; null when they are not all there. */
export function heldBackDataOf(
  details: Record<string, string> | null,
): Omit<EfacturaHeldBackData, 'adminUrl' | 'locale'> | null {
  if (!details) return null;
  const { waiting, late, oldestNumber, oldestIssuedAt, countedAt } = details;
  if (!waiting || !late || !oldestNumber || !oldestIssuedAt || !countedAt) return null;
  return {
    waiting: Number(waiting),
    late: Number(late),
    oldest: { number: oldestNumber, issuedAt: oldestIssuedAt },
    countedAt,
  };
}

type Messages = typeof ro.EfacturaHeldBackEmail;
const MESSAGES: Record<Locale, Messages> = {
  ro: ro.EfacturaHeldBackEmail,
  en: en.EfacturaHeldBackEmail,
  de: de.EfacturaHeldBackEmail,
  hu: hu.EfacturaHeldBackEmail,
};

/** A day as staff read it, in Romania: "16 martie 2026". */
function formatDay(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: SHOP_TIME_ZONE }).format(date);
}

/**
 * The daily e-mail to staff while invoices are held back from RO e-Factura: how many documents wait, how many are
 * past the legal deadline, the oldest one, and what to set. Romanian unless a locale is given.
 */
export function renderEfacturaHeldBack(data: EfacturaHeldBackData): {
  subject: string;
  text: string;
  html: string;
} {
  const locale = mailLocale(data.locale ?? 'ro');
  const t = createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { EfacturaHeldBackEmail: MESSAGES[locale] },
    namespace: 'EfacturaHeldBackEmail',
    timeZone: SHOP_TIME_ZONE,
  });
  const count = new Intl.NumberFormat(locale);
  const frame: MailFrame = {
    lang: locale,
    subject: t('subject', { brand: COMPANY.brand, waiting: data.waiting }),
    preheader: t('what'),
    heading: t('heading'),
    // Not a letter: nobody signs it.
    signOff: [],
    footer: [t('automatic', { brand: COMPANY.brand })],
  };
  const rows: Row[] = [
    { label: t('waiting'), value: count.format(data.waiting), prominent: true },
    { label: t('late'), value: count.format(data.late) },
    {
      label: t('oldest'),
      value: t('oldestValue', { number: data.oldest.number, day: formatDay(data.oldest.issuedAt, locale) }),
    },
    { label: t('countedAt'), value: formatTimestamp(data.countedAt, locale) },
  ];
  const text = renderMailText(frame, [
    t('what'),
    '',
    ...rowsText(rows),
    '',
    t('todoHeading'),
    t('todo'),
    '',
    `${t('openButton')}:`,
    data.adminUrl,
    '',
  ]);
  const html = renderMailHtml(
    frame,
    `${paragraphHtml(t('what'))}
${rowsTableHtml(rows, '0 0 16px')}
${subheadingHtml(t('todoHeading'))}
${paragraphHtml(t('todo'))}
${linkButtonHtml(data.adminUrl, t('openButton'))}`,
  );
  return { subject: frame.subject, text, html };
}
