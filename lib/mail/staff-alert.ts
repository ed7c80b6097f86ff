import { createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import { COMPANY } from '@/lib/company';
import type { Locale } from '@/lib/i18n/routing';
import type { orderStatuses } from '@/lib/db/schema';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import {
  BORDER,
  escapeHtml,
  FONT,
  formatLeiAmount,
  linkButtonHtml,
  mailLocale,
  MONO,
  paragraphHtml,
  renderMailHtml,
  renderMailText,
  rowsTableHtml,
  rowsText,
  subheadingHtml,
  TEXT,
  type MailFrame,
  type Row,
} from './layout';

/**
 * Why a document's e-Factura submission needs a person (lib/efactura/submissions-attention.ts decides it,
 * lib/orders/attention.ts shows it with the order's): listed here, below both, with the staff alerts they raise.
 */
export const EFACTURA_ATTENTION_REASONS = [
  'EFACTURA_REJECTED',
  'EFACTURA_UNCONFIRMED',
  'EFACTURA_UNSENT',
  'EFACTURA_DEADLINE_NEAR',
] as const;
export type EfacturaAttentionReason = (typeof EFACTURA_ATTENTION_REASONS)[number];

/**
 * Why an order needs a person, the one list (lib/orders/attention.ts says which apply to an order; docs/domain.md,
 * Orders that need a hand): its delivery failed, a payment came after it had ended, a refund waits for the provider's
 * word, an order already paid was paid again, the buyer's bank opened a chargeback, one of its documents is rejected, unconfirmed or late at RO e-Factura
 * (lib/efactura/submissions-attention.ts), or one of its e-mails could not be sent after every retry. Staff's e-mail
 * has its own account of what happened and what to do for each.
 */
export const staffAlertReasons = [
  'FULFILLMENT_FAILED',
  'PAID_AFTER_EXPIRY',
  'PAID_TWICE',
  'REFUND_PENDING',
  'CHARGEBACK',
  ...EFACTURA_ATTENTION_REASONS,
  'MAIL_UNDELIVERED',
] as const;
export type StaffAlertReason = (typeof staffAlertReasons)[number];

export interface StaffAlertData {
  orderId: string;
  /** The order in the back-office: /admin/transactions?q=<orderId> on the shop's address. */
  adminUrl: string;
  reason: StaffAlertReason;
  /** The order's state now. */
  status: (typeof orderStatuses)[number];
  /** The buyer's, for staff to write to. */
  email: string;
  amountBani: number;
  /** What the machine knows beyond the reason, e.g. the last delivery error; shown as it is. */
  detail?: string;
  /** Staff read Romanian unless told otherwise. */
  locale?: Locale;
  /** What the order sells: a failed top-up is corrected by its phone number, a vignette by its plate. */
  kind?: 'VIGNETTE' | 'TOPUP';
}

type StaffAlertMessages = typeof ro.StaffAlertEmail;
type StatusMessages = typeof ro.Admin.statuses;

// The alert's own namespace, and the back-office's names of the order states, so that staff read the state in
// the words of the screen the link opens.
const MESSAGES: Record<Locale, { StaffAlertEmail: StaffAlertMessages; statuses: StatusMessages }> = {
  ro: { StaffAlertEmail: ro.StaffAlertEmail, statuses: ro.Admin.statuses },
  en: { StaffAlertEmail: en.StaffAlertEmail, statuses: en.Admin.statuses },
  de: { StaffAlertEmail: de.StaffAlertEmail, statuses: de.Admin.statuses },
  hu: { StaffAlertEmail: hu.StaffAlertEmail, statuses: hu.Admin.statuses },
};

interface Content {
  frame: MailFrame;
  what: string;
  rows: Row[];
  detail?: Row;
  todoHeading: string;
  todo: string;
  openButton: string;
  adminUrl: string;
}

function buildContent(data: StaffAlertData): Content {
  const locale = mailLocale(data.locale ?? 'ro');
  const { StaffAlertEmail: messages, statuses } = MESSAGES[locale];
  const t = createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { StaffAlertEmail: messages },
    namespace: 'StaffAlertEmail',
    timeZone: SHOP_TIME_ZONE,
  });
  const statusName = Object.hasOwn(statuses, data.status) ? statuses[data.status] : undefined;
  const title = t(`reasons.${data.reason}.title`);
  const detail = data.detail?.trim();

  return {
    frame: {
      lang: locale,
      subject: t('subject', { brand: COMPANY.brand, title, orderId: data.orderId }),
      preheader: t(`reasons.${data.reason}.what`),
      heading: title,
      // Not a letter: nobody signs it.
      signOff: [],
      footer: [t('automatic', { brand: COMPANY.brand, orderId: data.orderId }), t('personalData')],
    },
    what: `${t(`reasons.${data.reason}.what`)} ${t('intro')}`,
    rows: [
      { label: t('order'), value: data.orderId, mono: true },
      { label: t('status'), value: statusName ? `${statusName} (${data.status})` : data.status },
      { label: t('amount'), value: t('lei', { amount: formatLeiAmount(data.amountBani, locale) }) },
      { label: t('buyer'), value: data.email },
    ],
    detail: detail ? { label: t('detail'), value: detail } : undefined,
    todoHeading: t('todoHeading'),
    todo:
      data.reason === 'FULFILLMENT_FAILED' && data.kind === 'TOPUP'
        ? t('reasons.FULFILLMENT_FAILED.todoTopUp')
        : t(`reasons.${data.reason}.todo`),
    openButton: t('openButton'),
    adminUrl: data.adminUrl,
  };
}

function renderText(content: Content): string {
  const lines = [content.what, '', ...rowsText(content.rows), ''];
  if (content.detail) lines.push(`${content.detail.label}:`, content.detail.value, '');
  lines.push(content.todoHeading, content.todo, '', `${content.openButton}:`, content.adminUrl, '');
  return renderMailText(content.frame, lines);
}

function renderHtml(content: Content): string {
  // An error message keeps its lines and its characters: shown in a box, in a fixed-width font.
  const detail = content.detail
    ? `<p style="margin:0 0 4px;font-family:${FONT};font-size:14px;color:${TEXT};">${escapeHtml(content.detail.label)}:</p>` +
      `<pre style="margin:0 0 16px;padding:12px;border:1px solid ${BORDER};border-radius:4px;background-color:#f8fafc;font-family:${MONO};font-size:13px;line-height:1.4;color:${TEXT};white-space:pre-wrap;word-break:break-word;">${escapeHtml(content.detail.value)}</pre>`
    : '';
  const body = `${paragraphHtml(content.what)}
${rowsTableHtml(content.rows, '0 0 16px')}
${detail}
${subheadingHtml(content.todoHeading)}
${paragraphHtml(content.todo)}
${linkButtonHtml(content.adminUrl, content.openButton)}`;
  return renderMailHtml(content.frame, body);
}

/**
 * The e-mail to staff when an order needs a person (docs/domain.md, Order statuses): what happened, what to do
 * about it, and a link to the order in the back-office. Romanian unless a locale is given.
 */
export function renderStaffAlert(data: StaffAlertData): { subject: string; text: string; html: string } {
  const content = buildContent(data);
  return { subject: content.frame.subject, text: renderText(content), html: renderHtml(content) };
}
