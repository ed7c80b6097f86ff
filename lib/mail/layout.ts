import { COMPANY, officeHours } from '@/lib/company';
import { formatterFor } from '@/lib/i18n/format';
import { locales, type Locale } from '@/lib/i18n/routing';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';

// The look every e-mail of the shop shares: the frame (brand bar, heading, sign-off, footer), the label/value rows,
// the link button, and the formatting of amounts and times. Each e-mail builds its own content and hands it here,
// as HTML for mail clients (tables, inline styles, no images) and as plain text with the same words.

export const BRAND_BLUE = '#0b4f8a';
export const TEXT = '#1f2933';
export const MUTED = '#52606d';
export const BORDER = '#d9e2ec';
export const FONT = 'Arial, Helvetica, sans-serif';
export const MONO = "Consolas, 'Courier New', monospace";

/** The e-mail's language: the one asked for if the shop speaks it, else Romanian (the shop's default). */
export function mailLocale(locale: string): Locale {
  return (locales as readonly string[]).includes(locale) ? (locale as Locale) : 'ro';
}

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
export function formatLeiAmount(bani: number, locale: Locale): string {
  return formatterFor(
    `lei-amount:${locale}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(bani / 100);
}

/** An instant as staff and buyers read it: in the shop's zone; a malformed value is shown as it is. */
export function formatTimestamp(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatterFor(
    `timestamp:${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }),
  ).format(date);
}

/** Only an http(s) address becomes a link; anything else is shown as text and cannot run in the reader's client. */
export function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export interface Row {
  label: string;
  value: string;
  /** Shown large: what the reader needs to find at a glance. */
  prominent?: boolean;
  /** Codes and plates, where O/0 and I/1 must be told apart. */
  mono?: boolean;
}

/** What frames every e-mail; the content between the heading and the sign-off is the e-mail's own. */
export interface MailFrame {
  lang: Locale;
  subject: string;
  /** The line mail clients show beside the subject in the inbox. */
  preheader: string;
  heading: string;
  /** "Kind regards," and who signs; none for a message that is not a letter. */
  signOff: string[];
  footer: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Plain text.

export function rowsText(rows: Row[], indent = ''): string[] {
  return rows.map((row) => `${indent}${row.label}: ${row.value}`);
}

/** The text part: the heading, the content's lines, the sign-off and the footer below a signature separator. */
export function renderMailText(frame: MailFrame, body: string[]): string {
  const lines = [frame.heading, '', ...body];
  if (frame.signOff.length > 0) lines.push(...frame.signOff, '');
  lines.push('--', ...frame.footer);
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// HTML.

export function paragraphHtml(text: string, style = ''): string {
  return `<p style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.5;color:${TEXT};${style}">${escapeHtml(text)}</p>`;
}

export function subheadingHtml(text: string): string {
  return `<h2 style="margin:24px 0 12px;font-family:${FONT};font-size:18px;line-height:1.3;color:${TEXT};">${escapeHtml(text)}</h2>`;
}

/** Label/value rows, the label a row header, for a `<table>` the caller opens. */
export function rowsHtml(rows: Row[]): string {
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

/** A table of rows in the flow of the text. */
export function rowsTableHtml(rows: Row[], margin = '0 0 8px'): string {
  return `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:${margin};">${rowsHtml(rows)}</table>`;
}

/** The amount the e-mail is about, below a rule in the brand's colour. */
export function totalHtml(total: Row): string {
  return `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:8px 0 24px;border-top:2px solid ${BRAND_BLUE};">
<tr><th scope="row" align="left" style="padding:12px 12px 0 0;font-family:${FONT};font-size:18px;text-align:left;color:${TEXT};">${escapeHtml(total.label)}</th>
<td align="right" style="padding:12px 0 0;font-family:${FONT};font-size:20px;font-weight:bold;color:${BRAND_BLUE};white-space:nowrap;">${escapeHtml(total.value)}</td></tr>
</table>`;
}

/** A button to the address with the address itself below it; an address that is not http(s) is shown as text only. */
export function linkButtonHtml(url: string, label: string): string {
  if (!isWebUrl(url)) return paragraphHtml(url, `font-family:${MONO};word-break:break-all;`);
  const href = escapeHtml(url);
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px;"><tr>` +
    `<td align="center" bgcolor="${BRAND_BLUE}" style="border-radius:4px;background-color:${BRAND_BLUE};">` +
    `<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:4px;">${escapeHtml(label)}</a>` +
    `</td></tr></table>` +
    `<p style="margin:0 0 16px;font-family:${FONT};font-size:13px;line-height:1.5;color:${MUTED};word-break:break-all;"><a href="${href}" style="color:${BRAND_BLUE};">${href}</a></p>`
  );
}

/**
 * The whole HTML document around the content: 600 px wide at most, the brand bar, the heading, the sign-off and a
 * footer. `body` is HTML the caller built with the helpers above, every value in it escaped.
 */
export function renderMailHtml(frame: MailFrame, body: string): string {
  const signOff =
    frame.signOff.length > 0
      ? `<p style="margin:24px 0 0;font-family:${FONT};font-size:16px;line-height:1.5;color:${TEXT};">${frame.signOff.map(escapeHtml).join('<br>')}</p>\n`
      : '';
  return `<!DOCTYPE html>
<html lang="${frame.lang}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(frame.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f2f4f7;">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(frame.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f2f4f7;">
<tr><td align="center" style="padding:24px 12px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background-color:#ffffff;border-collapse:collapse;">
<tr><td style="background-color:${BRAND_BLUE};padding:20px 24px;font-family:${FONT};font-size:22px;font-weight:bold;color:#ffffff;">${escapeHtml(COMPANY.brand)}</td></tr>
<tr><td style="padding:24px;">
<h1 style="margin:0 0 16px;font-family:${FONT};font-size:24px;line-height:1.3;color:${BRAND_BLUE};">${escapeHtml(frame.heading)}</h1>
${body}
${signOff}</td></tr>
<tr><td style="padding:16px 24px;background-color:#f8fafc;border-top:1px solid ${BORDER};">
${frame.footer.map((line) => `<p style="margin:0 0 4px;font-family:${FONT};font-size:12px;line-height:1.5;color:${MUTED};">${escapeHtml(line)}</p>`).join('\n')}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}

/** The end of a buyer's e-mail: its notes, the link to the order page, and how to reach the shop. */
export interface MailClosing {
  notes: string[];
  viewOrderText: string;
  orderUrl: string;
  viewOrderButton: string;
  contactHeading: string;
  contact: string[];
}

export function closingText(closing: MailClosing): string[] {
  return [
    ...closing.notes.flatMap((note) => [note, '']),
    closing.viewOrderText,
    closing.orderUrl,
    '',
    closing.contactHeading,
    ...closing.contact,
    '',
  ];
}

export function closingHtml(closing: MailClosing): string {
  return `${closing.notes.map((note) => paragraphHtml(note)).join('\n')}
${paragraphHtml(closing.viewOrderText)}
${linkButtonHtml(closing.orderUrl, closing.viewOrderButton)}
${subheadingHtml(closing.contactHeading)}
${closing.contact.map((line) => paragraphHtml(line, 'margin-bottom:4px;')).join('\n')}`;
}

/** A buyer's letter of paragraphs, a table of facts and the usual closing, in its text and HTML parts. */
export interface SummaryLetter extends MailClosing {
  frame: MailFrame;
  paragraphs: string[];
  summary: Row[];
}

/** The subject, text part and HTML part of a {@link SummaryLetter}; every value is escaped in the HTML. */
export function renderSummaryLetter(content: SummaryLetter): { subject: string; text: string; html: string } {
  const text = renderMailText(content.frame, [
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...rowsText(content.summary),
    '',
    ...closingText(content),
  ]);
  const html = renderMailHtml(
    content.frame,
    `${content.paragraphs.map((paragraph) => paragraphHtml(paragraph)).join('\n')}
${rowsTableHtml(content.summary)}
${closingHtml(content)}`,
  );
  return { subject: content.frame.subject, text, html };
}

/** The keys every buyer's e-mail namespace has for its closing. */
export type ClosingKey =
  'viewOrderText' | 'viewOrderButton' | 'contactHeading' | 'contactText' | 'officeHours';

/**
 * The closing of a buyer's e-mail but its notes: the link to the order page and how to reach the shop, in the words
 * of the e-mail's own namespace (`t`).
 */
export function buyerClosing(
  t: (key: ClosingKey, values?: Record<string, string>) => string,
  orderUrl: string,
): Omit<MailClosing, 'notes'> {
  return {
    viewOrderText: t('viewOrderText'),
    viewOrderButton: t('viewOrderButton'),
    orderUrl,
    contactHeading: t('contactHeading'),
    contact: [
      t('contactText', { phone: COMPANY.phone, email: COMPANY.email }),
      t('officeHours', { hours: officeHours }),
    ],
  };
}

/** What an e-mail calls the order: its short reference, or its id when it is older than references. */
export const orderNumberOf = (data: { orderId: string; reference?: string | null }): string =>
  data.reference ?? data.orderId;

/** A part of a {@link renderLinkLetter}: a paragraph, or a link shown as a button (its address alone in the text). */
export type LetterBlock = string | { url: string; button: string };

/**
 * A buyer's letter of paragraphs and link buttons, closed by how to reach the shop, in the words of the e-mail's own
 * namespace (`t`): its subject, text part and HTML part, every value escaped in the HTML.
 */
export function renderLinkLetter(
  frame: MailFrame,
  blocks: LetterBlock[],
  t: (key: 'contactHeading' | 'contactText' | 'officeHours', values?: Record<string, string>) => string,
): { subject: string; text: string; html: string } {
  const contact = [
    t('contactText', { phone: COMPANY.phone, email: COMPANY.email }),
    t('officeHours', { hours: officeHours }),
  ];
  const text = renderMailText(frame, [
    ...blocks.flatMap((block) => [typeof block === 'string' ? block : block.url, '']),
    t('contactHeading'),
    ...contact,
    '',
  ]);
  const html = renderMailHtml(
    frame,
    `${blocks
      .map((block) =>
        typeof block === 'string' ? paragraphHtml(block) : linkButtonHtml(block.url, block.button),
      )
      .join('\n')}
${subheadingHtml(t('contactHeading'))}
${contact.map((line) => paragraphHtml(line, 'margin-bottom:4px;')).join('\n')}`,
  );
  return { subject: frame.subject, text, html };
}
