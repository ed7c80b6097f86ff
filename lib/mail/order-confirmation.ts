import { createTranslator } from 'next-intl';
import { COMPANY, officeHours } from '@/lib/company';
import type { Locale } from '@/lib/i18n/routing';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { countryName } from '@/lib/vignettes/countries';
import type { VignetteType } from '@/lib/vignettes/periods';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

export interface OrderConfirmationData {
  orderId: string;
  /** The public page of the order, where the buyer can also have this e-mail sent again. */
  orderUrl: string;
  locale: Locale;
  email: string;
  /** ISO timestamp. */
  createdAt: string;
  totalBani: number;
  invoiceNumber?: string;
  vignettes: {
    issuedId: string;
    plate: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    /** D1, D2, D1M, U. */
    categoryTitle: string;
    type: VignetteType;
    /** The county's name, for COUNTY_YEAR. */
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

// Only this namespace travels with the translator: the rest of the site's texts are no business of an e-mail.
const MESSAGES: Record<Locale, OrderEmailMessages> = {
  ro: ro.OrderEmail,
  en: en.OrderEmail,
  de: de.OrderEmail,
  hu: hu.OrderEmail,
};

const BRAND_BLUE = '#0b4f8a';
const TEXT = '#1f2933';
const MUTED = '#52606d';
const BORDER = '#d9e2ec';
const FONT = 'Arial, Helvetica, sans-serif';
const MONO = "Consolas, 'Courier New', monospace";

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Bani as lei with two decimals in the locale's notation, without the unit: 123456 → "1.234,56" in ro. */
function formatLeiAmount(bani: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    bani / 100,
  );
}

/** A calendar day (YYYY-MM-DD) in words; a malformed value is shown as it is rather than as "Invalid Date". */
function formatDay(day: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

function formatTimestamp(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: SHOP_TIME_ZONE,
  }).format(date);
}

interface Row {
  label: string;
  value: string;
  /** Shown large: what the buyer (or a road-toll inspector) needs to find at a glance. */
  prominent?: boolean;
  /** Codes and plates, where O/0 and I/1 must be told apart. */
  mono?: boolean;
}

interface Section {
  title: string;
  rows: Row[];
  notes: { title?: string; text: string }[];
}

/** Everything the e-mail says, once, so the HTML and the text part cannot drift apart. */
interface Content {
  lang: Locale;
  subject: string;
  preheader: string;
  heading: string;
  greeting: string;
  intro: string;
  summary: Row[];
  groups: { title: string; sections: Section[] }[];
  total: Row;
  notes: string[];
  viewOrderText: string;
  viewOrderButton: string;
  orderUrl: string;
  contactHeading: string;
  contact: string[];
  signOff: string;
  team: string;
  footer: string[];
}

function buildContent(data: OrderConfirmationData): Content {
  const locale: Locale = Object.hasOwn(MESSAGES, data.locale) ? data.locale : 'ro';
  const messages = MESSAGES[locale];
  const t = createTranslator({
    locale,
    messages: { OrderEmail: messages },
    namespace: 'OrderEmail',
    timeZone: SHOP_TIME_ZONE,
  });
  const lei = (bani: number) => t('amount', { amount: formatLeiAmount(bani, locale) });

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
    if (vignette.county) rows.push({ label: t('county'), value: vignette.county });
    rows.push(
      {
        label: t('validity'),
        value: t('validityRange', {
          from: formatDay(vignette.firstDay, locale),
          to: formatDay(vignette.lastDay, locale),
        }),
      },
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

  return {
    lang: locale,
    subject: t('subject', { orderId: data.orderId, brand: COMPANY.brand }),
    preheader: t('preheader', { orderId: data.orderId }),
    heading: t('heading'),
    greeting: t('greeting'),
    intro: t('intro'),
    summary: [
      { label: t('orderNumber'), value: data.orderId, mono: true },
      { label: t('orderDate'), value: formatTimestamp(data.createdAt, locale) },
    ],
    groups,
    total: { label: t('total'), value: lei(data.totalBani) },
    notes,
    viewOrderText: t('viewOrderText'),
    viewOrderButton: t('viewOrderButton'),
    orderUrl: data.orderUrl,
    contactHeading: t('contactHeading'),
    contact: [
      t('contactText', { phone: COMPANY.phone, email: COMPANY.email }),
      t('officeHours', { hours: officeHours }),
    ],
    signOff: t('signOff'),
    team: t('team', { brand: COMPANY.brand }),
    footer: [
      `${COMPANY.name} · ${COMPANY.headquarters}`,
      t('sentTo', { email: data.email, orderId: data.orderId }),
    ],
  };
}

function renderText(content: Content): string {
  const lines: string[] = [content.heading, '', content.greeting, content.intro, ''];
  const rows = (items: Row[], indent = '') => items.map((row) => `${indent}${row.label}: ${row.value}`);

  lines.push(...rows(content.summary), '');
  for (const group of content.groups) {
    lines.push(`== ${group.title} ==`, '');
    for (const section of group.sections) {
      if (section.title) lines.push(section.title);
      lines.push(...rows(section.rows, section.title ? '  ' : ''));
      for (const note of section.notes) lines.push('', ...(note.title ? [`${note.title}:`] : []), note.text);
      lines.push('');
    }
  }
  lines.push(`${content.total.label}: ${content.total.value}`, '');
  for (const note of content.notes) lines.push(note);
  lines.push('', content.viewOrderText, content.orderUrl, '');
  lines.push(content.contactHeading, ...content.contact, '');
  lines.push(content.signOff, content.team, '', '--', ...content.footer);
  return `${lines.join('\n')}\n`;
}

/** Only an http(s) address becomes a link; anything else is shown as text and cannot run in the reader's client. */
function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

function renderRowsHtml(rows: Row[]): string {
  return rows
    .map((row) => {
      const size = row.prominent ? 'font-size:20px;font-weight:bold;letter-spacing:1px;' : 'font-size:15px;';
      const family = row.mono ? MONO : FONT;
      return (
        `<tr>` +
        `<th scope="row" align="left" valign="top" style="padding:6px 12px 6px 0;width:40%;font-family:${FONT};font-size:14px;font-weight:normal;color:${MUTED};text-align:left;">${escapeHtml(row.label)}</th>` +
        `<td valign="top" style="padding:6px 0;font-family:${family};${size}color:${TEXT};word-break:break-word;">${escapeHtml(row.value)}</td>` +
        `</tr>`
      );
    })
    .join('');
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
    `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">${renderRowsHtml(section.rows)}</table>` +
    `${notes}</td></tr></table>`
  );
}

function renderHtml(content: Content): string {
  const p = (text: string, style = '') =>
    `<p style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.5;color:${TEXT};${style}">${escapeHtml(text)}</p>`;
  const h2 = (text: string) =>
    `<h2 style="margin:24px 0 12px;font-family:${FONT};font-size:18px;line-height:1.3;color:${TEXT};">${escapeHtml(text)}</h2>`;

  const groups = content.groups
    .map((group) => h2(group.title) + group.sections.map(renderSectionHtml).join(''))
    .join('');

  const url = escapeHtml(content.orderUrl);
  const orderLink = isWebUrl(content.orderUrl)
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px;"><tr>` +
      `<td align="center" bgcolor="${BRAND_BLUE}" style="border-radius:4px;background-color:${BRAND_BLUE};">` +
      `<a href="${url}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:4px;">${escapeHtml(content.viewOrderButton)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;font-family:${FONT};font-size:13px;line-height:1.5;color:${MUTED};word-break:break-all;"><a href="${url}" style="color:${BRAND_BLUE};">${url}</a></p>`
    : p(content.orderUrl, `font-family:${MONO};word-break:break-all;`);

  return `<!DOCTYPE html>
<html lang="${content.lang}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f2f4f7;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f2f4f7;">
<tr><td align="center" style="padding:24px 12px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background-color:#ffffff;border-collapse:collapse;">
<tr><td style="background-color:${BRAND_BLUE};padding:20px 24px;font-family:${FONT};font-size:22px;font-weight:bold;color:#ffffff;">${escapeHtml(COMPANY.brand)}</td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 16px;font-family:${FONT};font-size:24px;line-height:1.3;color:${BRAND_BLUE};">${escapeHtml(content.heading)}</h1>
${p(content.greeting)}
${p(content.intro)}
<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 8px;">${renderRowsHtml(content.summary)}</table>
${groups}
<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:8px 0 24px;border-top:2px solid ${BRAND_BLUE};">
<tr><th scope="row" align="left" style="padding:12px 12px 0 0;font-family:${FONT};font-size:18px;text-align:left;color:${TEXT};">${escapeHtml(content.total.label)}</th>
<td align="right" style="padding:12px 0 0;font-family:${FONT};font-size:20px;font-weight:bold;color:${BRAND_BLUE};white-space:nowrap;">${escapeHtml(content.total.value)}</td></tr>
</table>
${content.notes.map((note) => p(note)).join('\n')}
${p(content.viewOrderText)}
${orderLink}
${h2(content.contactHeading)}
${content.contact.map((line) => p(line, 'margin-bottom:4px;')).join('\n')}
<p style="margin:24px 0 0;font-family:${FONT};font-size:16px;line-height:1.5;color:${TEXT};">${escapeHtml(content.signOff)}<br>${escapeHtml(content.team)}</p>
</td></tr>
<tr><td style="padding:16px 24px;background-color:#f8fafc;border-top:1px solid ${BORDER};">
${content.footer.map((line) => `<p style="margin:0 0 4px;font-family:${FONT};font-size:12px;line-height:1.5;color:${MUTED};">${escapeHtml(line)}</p>`).join('\n')}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
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
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}
