import { createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import { COMPANY, officeHours } from '@/lib/company';
import type { Locale } from '@/lib/i18n/routing';
import { LEGAL_PATHS } from '@/lib/legal/pages';
import { formatVersionDate, versionInForce } from '@/lib/legal/versions';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { countryName } from '@/lib/vignettes/countries';
import { countyName } from '@/lib/vignettes/counties';
import type { VignetteType } from '@/lib/vignettes/periods';
import { validityText, type ValidityTexts } from '@/lib/vignettes/validity-text';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import {
  BORDER,
  BRAND_BLUE,
  escapeHtml,
  FONT,
  formatLeiAmount,
  formatTimestamp,
  closingHtml,
  isWebUrl,
  closingText,
  mailLocale,
  paragraphHtml,
  renderMailHtml,
  renderMailText,
  rowsHtml,
  rowsTableHtml,
  rowsText,
  subheadingHtml,
  TEXT,
  totalHtml,
  type MailFrame,
  type Row,
  orderNumberOf,
} from './layout';

export interface OrderConfirmationData {
  orderId: string;
  /** The short reference the buyer reads out (`RP-7K3-9QX`), shown instead of the id; null on older orders. */
  reference?: string | null;
  /** The public page of the order, where the buyer can also have this e-mail sent again. */
  orderUrl: string;
  /** The shop's public base address, without a trailing slash: the terms the e-mail names are published under it. */
  siteUrl: string;
  locale: Locale;
  email: string;
  /** ISO timestamp. */
  createdAt: string;
  /**
   * ISO timestamp of the payment (the invoice's issue): a vignette whose first day it falls on is valid from it. The
   * order's creation stands in when it is not given; both are on the same day but for a payment made past midnight.
   */
  paidAt?: string;
  totalBani: number;
  invoiceNumber?: string;
  /**
   * What the order holds that is not delivered (plates, or a top-up's number): when any, the e-mail confirms only
   * what it lists, says that it is valid, and names what is still to come (told in its own e-mail).
   */
  undelivered?: string[];
  /** What is delivered: all of the order's, or of an order left partly delivered, only that. */
  vignettes: {
    issuedId: string;
    plate: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    /** D1, D2, D1M, U. */
    categoryTitle: string;
    type: VignetteType;
    /** The county of a COUNTY_YEAR: its id (`pest`), shown by its name; a name is shown as it is. */
    county?: string;
    /** YYYY-MM-DD, inclusive. */
    firstDay: string;
    /** YYYY-MM-DD, inclusive. */
    lastDay: string;
    priceBani: number;
  }[];
  topUp?: {
    operator: string;
    phone: string;
    faceValue: string;
    delivery: 'DIRECT' | 'PIN';
    reference?: string;
    pin?: string;
    instructions?: string;
    priceBani: number;
  };
}

type OrderEmailMessages = typeof ro.OrderEmail;
type CategoryKey = keyof OrderEmailMessages['categories'];

// Only these namespaces travel with the e-mail: the rest of the site's texts are no business of it.
const MESSAGES: Record<Locale, OrderEmailMessages> = {
  ro: ro.OrderEmail,
  en: en.OrderEmail,
  de: de.OrderEmail,
  hu: hu.OrderEmail,
};

const VALIDITY_TEXTS: Record<Locale, ValidityTexts> = {
  ro: ro.VignetteValidity,
  en: en.VignetteValidity,
  de: de.VignetteValidity,
  hu: hu.VignetteValidity,
};

interface Section {
  title: string;
  rows: Row[];
  notes: { title?: string; text: string }[];
}

/** Everything the e-mail says, once, so the HTML and the text part cannot drift apart. */
interface Content {
  frame: MailFrame;
  greeting: string;
  intro: string;
  summary: Row[];
  groups: { title: string; sections: Section[] }[];
  total: Row;
  notes: string[];
  /** What the buyer agreed to about the right of withdrawal, and the terms in force, confirmed on a durable medium. */
  withdrawal: { heading: string; paragraphs: string[]; termsUrl: string };
  viewOrderText: string;
  viewOrderButton: string;
  orderUrl: string;
  contactHeading: string;
  contact: string[];
}

function buildContent(data: OrderConfirmationData): Content {
  const locale = mailLocale(data.locale);
  const messages = MESSAGES[locale];
  const t = createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { OrderEmail: messages },
    namespace: 'OrderEmail',
    timeZone: SHOP_TIME_ZONE,
  });
  const lei = (bani: number) => t('amount', { amount: formatLeiAmount(bani, locale) });
  const paidAt = new Date(data.paidAt ?? data.createdAt);
  const undelivered = data.undelivered ?? [];
  const partial = undelivered.length > 0;
  const deliveredBani =
    data.vignettes.reduce((sum, vignette) => sum + vignette.priceBani, 0) + (data.topUp?.priceBani ?? 0);

  const vignetteSections = data.vignettes.map((vignette, index): Section => {
    const categoryName = Object.hasOwn(messages.categories, vignette.categoryTitle)
      ? t(`categories.${vignette.categoryTitle as CategoryKey}`)
      : undefined;
    const rows: Row[] = [
      { label: t('issuedId'), value: vignette.issuedId, prominent: true, mono: true },
      { label: t('plate'), value: vignette.plate, mono: true },
      { label: t('country'), value: `${countryName(vignette.country, locale)} (${vignette.country})` },
      {
        label: t('category'),
        value: categoryName ? `${vignette.categoryTitle} (${categoryName})` : vignette.categoryTitle,
      },
      { label: t('type'), value: t(`types.${vignette.type}`) },
    ];
    if (vignette.county) rows.push({ label: t('county'), value: countyName(vignette.county) });
    rows.push(
      { label: t('validity'), value: validityText(VALIDITY_TEXTS[locale], vignette, paidAt, locale) },
      { label: t('price'), value: lei(vignette.priceBani) },
    );
    return {
      title: t('vignetteTitle', { index: String(index + 1), count: String(data.vignettes.length) }),
      rows,
      notes: [],
    };
  });

  const groups: Content['groups'] = [];
  if (vignetteSections.length > 0) groups.push({ title: t('vignettesHeading'), sections: vignetteSections });

  const { topUp } = data;
  if (topUp) {
    const rows: Row[] = [
      { label: t('operator'), value: topUp.operator },
      { label: t('phone'), value: topUp.phone, mono: true },
      { label: t('faceValue'), value: topUp.faceValue },
    ];
    const notes: Section['notes'] = [];
    if (topUp.delivery === 'PIN') {
      if (topUp.pin) rows.push({ label: t('pin'), value: topUp.pin, prominent: true, mono: true });
      notes.push({
        title: t('pinInstructions'),
        text: topUp.instructions?.trim() || t('pinInstructionsDefault'),
      });
    } else {
      if (topUp.reference) rows.push({ label: t('reference'), value: topUp.reference, mono: true });
      notes.push({ text: t('directNote') });
    }
    rows.push({ label: t('price'), value: lei(topUp.priceBani) });
    groups.push({ title: t('topUpHeading'), sections: [{ title: '', rows, notes }] });
  }

  const notes = [
    data.invoiceNumber
      ? t('invoiceAttachedNumber', { invoiceNumber: data.invoiceNumber })
      : t('invoiceAttached'),
  ];
  if (data.vignettes.length > 0) notes.push(t('keepProof'));
  // Every order of the address, without an account (lib/buyers/sign-in.ts).
  notes.push(t('myOrders', { url: `${data.siteUrl}/${locale}/orders` }));

  // Directive 2011/83/EU art. 8(7), OUG 34/2014 art. 16 a) and m): the buyer's request for immediate delivery and the
  // loss of the right of withdrawal it brings, confirmed with the terms accepted, each product worded for itself.
  const withdrawal: string[] = [];
  if (data.vignettes.length > 0) withdrawal.push(t('withdrawalVignettes'));
  if (topUp) withdrawal.push(t(topUp.delivery === 'PIN' ? 'withdrawalTopUpPin' : 'withdrawalTopUpDirect'));
  const terms = versionInForce('TermsPage', new Date(data.createdAt));
  withdrawal.push(
    terms
      ? t('withdrawalTerms', { version: terms.version, date: formatVersionDate(terms.date, locale) })
      : t('withdrawalTermsUnversioned'),
  );

  return {
    frame: {
      lang: locale,
      subject: t('subject', { orderId: orderNumberOf(data), brand: COMPANY.brand }),
      preheader: t('preheader', { orderId: orderNumberOf(data) }),
      heading: t('heading'),
      signOff: [t('signOff'), t('team', { brand: COMPANY.brand })],
      footer: [
        `${COMPANY.name} · ${COMPANY.headquarters}`,
        t('sentTo', { email: data.email, orderId: orderNumberOf(data) }),
      ],
    },
    greeting: t('greeting'),
    intro: partial
      ? t('introPartial', {
          count: data.vignettes.length + (data.topUp ? 1 : 0),
          undelivered: undelivered.join(', '),
        })
      : t('intro'),
    summary: [
      { label: t('orderNumber'), value: orderNumberOf(data), mono: true },
      { label: t('orderDate'), value: formatTimestamp(data.createdAt, locale) },
    ],
    groups,
    total: partial
      ? { label: t('totalDelivered'), value: lei(deliveredBani) }
      : { label: t('total'), value: lei(data.totalBani) },
    notes,
    withdrawal: {
      heading: t('withdrawalHeading'),
      paragraphs: withdrawal,
      // The version's own address keeps showing the text that applied after the terms change (lib/legal/archive.ts).
      termsUrl: `${data.siteUrl}/${locale}${LEGAL_PATHS.TermsPage}${terms ? `/${terms.date}` : ''}`,
    },
    viewOrderText: t('viewOrderText'),
    viewOrderButton: t('viewOrderButton'),
    orderUrl: data.orderUrl,
    contactHeading: t('contactHeading'),
    contact: [
      t('contactText', { phone: COMPANY.phone, email: COMPANY.email }),
      t('officeHours', { hours: officeHours }),
    ],
  };
}

function renderText(content: Content): string {
  const lines: string[] = [content.greeting, content.intro, ''];
  lines.push(...rowsText(content.summary), '');
  for (const group of content.groups) {
    lines.push(`== ${group.title} ==`, '');
    for (const section of group.sections) {
      if (section.title) lines.push(section.title);
      lines.push(...rowsText(section.rows, section.title ? '  ' : ''));
      for (const note of section.notes) lines.push('', ...(note.title ? [`${note.title}:`] : []), note.text);
      lines.push('');
    }
  }
  lines.push(`${content.total.label}: ${content.total.value}`, '');
  for (const note of content.notes) lines.push(note);
  lines.push('', `== ${content.withdrawal.heading} ==`, '');
  lines.push(content.withdrawal.paragraphs.join('\n\n'), content.withdrawal.termsUrl);
  lines.push('', ...closingText({ ...content, notes: [] }));
  return renderMailText(content.frame, lines);
}

function renderSectionHtml(section: Section): string {
  const title = section.title
    ? `<h3 style="margin:0 0 8px;font-family:${FONT};font-size:16px;color:${BRAND_BLUE};">${escapeHtml(section.title)}</h3>`
    : '';
  const notes = section.notes
    .map(
      (note) =>
        `<p style="margin:12px 0 0;font-family:${FONT};font-size:15px;line-height:1.5;color:${TEXT};">` +
        (note.title ? `<strong>${escapeHtml(note.title)}:</strong><br>` : '') +
        `${escapeHtml(note.text).replace(/\r?\n/g, '<br>')}</p>`,
    )
    .join('');
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:separate;border:1px solid ${BORDER};border-radius:6px;margin:0 0 16px;">` +
    `<tr><td style="padding:16px;">${title}` +
    `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">${rowsHtml(section.rows)}</table>` +
    `${notes}</td></tr></table>`
  );
}

function withdrawalHtml({ heading, paragraphs, termsUrl }: Content['withdrawal']): string {
  const href = escapeHtml(termsUrl);
  const link = isWebUrl(termsUrl)
    ? `<p style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.5;word-break:break-all;"><a href="${href}" style="color:${BRAND_BLUE};">${href}</a></p>`
    : paragraphHtml(termsUrl);
  return subheadingHtml(heading) + paragraphs.map((paragraph) => paragraphHtml(paragraph)).join('') + link;
}

function renderHtml(content: Content): string {
  const groups = content.groups
    .map((group) => subheadingHtml(group.title) + group.sections.map(renderSectionHtml).join(''))
    .join('');

  const body = `${paragraphHtml(content.greeting)}
${paragraphHtml(content.intro)}
${rowsTableHtml(content.summary)}
${groups}
${totalHtml(content.total)}
${withdrawalHtml(content.withdrawal)}
${closingHtml(content)}`;
  return renderMailHtml(content.frame, body);
}

/**
 * The order confirmation (docs/domain.md, The confirmation e-mail) in the buyer's language: subject, an HTML part built
 * for mail clients (tables, inline styles, no images) and the same content as plain text. Every value is escaped in the
 * HTML: plates and names are the buyer's input.
 */
export function renderOrderConfirmation(data: OrderConfirmationData): {
  subject: string;
  text: string;
  html: string;
} {
  const content = buildContent(data);
  return { subject: content.frame.subject, text: renderText(content), html: renderHtml(content) };
}
