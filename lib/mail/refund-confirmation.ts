import { createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import { COMPANY, officeHours } from '@/lib/company';
import type { Locale } from '@/lib/i18n/routing';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import {
  formatLeiAmount,
  formatTimestamp,
  closingHtml,
  closingText,
  mailLocale,
  paragraphHtml,
  renderMailHtml,
  renderMailText,
  rowsTableHtml,
  rowsText,
  totalHtml,
  type MailFrame,
  type Row,
  orderNumberOf,
} from './layout';

export interface RefundConfirmationData {
  orderId: string;
  /** The short reference the buyer reads out (`RP-7K3-9QX`), shown instead of the id; null on older orders. */
  reference?: string | null;
  /** The public page of the order. */
  orderUrl: string;
  /** Every order of the address, reached without an account (`/{locale}/orders`, lib/buyers/sign-in.ts). */
  myOrdersUrl: string;
  locale: Locale;
  email: string;
  refundedBani: number;
  orderTotalBani: number;
  /** What earlier refunds of the same payment gave back: with this one, whether the whole of it is refunded now. */
  earlierRefundedBani?: number;
  /** The attached credit note's number, `RPVS-2026-000001`; absent for an order never invoiced (a late payment). */
  creditNoteNumber?: string;
  /** Shown to the buyer as it is: write it for them. */
  reason?: string;
  /** ISO timestamp of the refund's confirmation. */
  refundedAt: string;
}

/**
 * What one refund is, with those before it, of what was paid: all of it at once (`FULL`), what was left after
 * earlier refunds (`REST`), or a part (`PARTIAL`). The e-mail words it so, and its credit note, partial or total,
 * agrees: the second refund of an order is never "refunded in full" for its own amount.
 */
export type RefundScope = 'FULL' | 'REST' | 'PARTIAL';

export function refundScope(refund: {
  refundedBani: number;
  earlierRefundedBani: number;
  orderTotalBani: number;
}): RefundScope {
  if (refund.earlierRefundedBani + refund.refundedBani < refund.orderTotalBani) return 'PARTIAL';
  return refund.earlierRefundedBani > 0 ? 'REST' : 'FULL';
}

type RefundEmailMessages = typeof ro.RefundEmail;

// Only this namespace travels with the translator: the rest of the site's texts are no business of an e-mail.
const MESSAGES: Record<Locale, RefundEmailMessages> = {
  ro: ro.RefundEmail,
  en: en.RefundEmail,
  de: de.RefundEmail,
  hu: hu.RefundEmail,
};

/** Everything the e-mail says, once, so the HTML and the text part cannot drift apart. */
interface Content {
  frame: MailFrame;
  paragraphs: string[];
  summary: Row[];
  total: Row;
  notes: string[];
  viewOrderText: string;
  viewOrderButton: string;
  orderUrl: string;
  contactHeading: string;
  contact: string[];
}

function buildContent(data: RefundConfirmationData): Content {
  const locale = mailLocale(data.locale);
  const t = createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { RefundEmail: MESSAGES[locale] },
    namespace: 'RefundEmail',
    timeZone: SHOP_TIME_ZONE,
  });
  const lei = (bani: number) => t('amount', { amount: formatLeiAmount(bani, locale) });
  const amount = lei(data.refundedBani);

  const earlierBani = data.earlierRefundedBani ?? 0;
  const scope = refundScope({ ...data, earlierRefundedBani: earlierBani });
  const total = lei(data.orderTotalBani);
  const orderId = orderNumberOf(data);

  const paragraphs = [t('greeting')];
  if (scope === 'FULL') {
    paragraphs.push(t('introFull', { amount, orderId }));
  } else if (scope === 'REST') {
    paragraphs.push(t('introRest', { amount, earlier: lei(earlierBani), total, orderId }));
  } else {
    paragraphs.push(t('introPartial', { amount, total, orderId }), t('partialRest'));
  }

  const summary: Row[] = [
    { label: t('orderNumber'), value: orderId, mono: true },
    { label: t('refundDate'), value: formatTimestamp(data.refundedAt, locale) },
  ];
  if (scope !== 'FULL') summary.push({ label: t('orderTotal'), value: total });
  if (earlierBani > 0) {
    summary.push({ label: t('refundedSoFar'), value: lei(earlierBani + data.refundedBani) });
  }
  if (data.creditNoteNumber)
    summary.push({ label: t('creditNote'), value: data.creditNoteNumber, mono: true });
  const reason = data.reason?.trim();
  if (reason) summary.push({ label: t('reason'), value: reason });

  return {
    frame: {
      lang: locale,
      subject: t('subject', { orderId: orderNumberOf(data), brand: COMPANY.brand }),
      preheader: t('preheader', { amount, orderId: orderNumberOf(data) }),
      heading: t('heading'),
      signOff: [t('signOff'), t('team', { brand: COMPANY.brand })],
      footer: [
        `${COMPANY.name} · ${COMPANY.headquarters}`,
        t('sentTo', { email: data.email, orderId: orderNumberOf(data) }),
      ],
    },
    paragraphs,
    summary,
    total: { label: t('refunded'), value: amount },
    notes: [
      t('cardNote'),
      ...(data.creditNoteNumber
        ? [t('creditNoteAttached', { creditNoteNumber: data.creditNoteNumber })]
        : []),
      t('myOrders', { url: data.myOrdersUrl }),
    ],
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
  return renderMailText(content.frame, [
    ...content.paragraphs,
    '',
    ...rowsText(content.summary),
    '',
    `${content.total.label}: ${content.total.value}`,
    '',
    ...closingText(content),
  ]);
}

function renderHtml(content: Content): string {
  const body = `${content.paragraphs.map((text) => paragraphHtml(text)).join('\n')}
${rowsTableHtml(content.summary)}
${totalHtml(content.total)}
${closingHtml(content)}`;
  return renderMailHtml(content.frame, body);
}

/**
 * The buyer's e-mail for a confirmed refund, in their language, as the order confirmation looks: how much came
 * back for which order, when it reaches the card, the credit note (attached by the caller), and how to reach us.
 * Every value is escaped in the HTML.
 */
export function renderRefundConfirmation(data: RefundConfirmationData): {
  subject: string;
  text: string;
  html: string;
} {
  const content = buildContent(data);
  return { subject: content.frame.subject, text: renderText(content), html: renderHtml(content) };
}
