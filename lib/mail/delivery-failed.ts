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
  formatLeiAmount,
  formatTimestamp,
  buyerClosing,
  mailLocale,
  renderSummaryLetter,
  type MailFrame,
  type Row,
  orderNumberOf,
} from './layout';

/** What the buyer is told when their vignettes or top-up could not be delivered (lib/orders/fulfilment.ts). */
export interface DeliveryFailedData {
  orderId: string;
  /** The short reference the buyer reads out (`RP-7K3-9QX`), shown instead of the id; null on older orders. */
  reference?: string | null;
  orderUrl: string;
  /** Every order of the address, reached without an account (`/{locale}/orders`, lib/buyers/sign-in.ts). */
  myOrdersUrl: string;
  locale: Locale;
  email: string;
  kind: 'VIGNETTE' | 'TOPUP';
  /** What could not be delivered: the vignettes' plates, or the top-up's phone number. */
  undelivered: string[];
  totalBani: number;
  /**
   * How many of the order's items were delivered (confirmed in their own e-mail): when any, the e-mail speaks only of
   * the undelivered ones, and its refund promise is `refundableBani`, their price.
   */
  delivered?: number;
  refundableBani?: number;
  /** ISO timestamp of the payment. */
  paidAt: string;
}

type DeliveryFailedMessages = typeof ro.DeliveryFailedEmail;

const MESSAGES: Record<Locale, DeliveryFailedMessages> = {
  ro: ro.DeliveryFailedEmail,
  en: en.DeliveryFailedEmail,
  de: de.DeliveryFailedEmail,
  hu: hu.DeliveryFailedEmail,
};

function buildContent(data: DeliveryFailedData) {
  const locale = mailLocale(data.locale);
  const t = createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { DeliveryFailedEmail: MESSAGES[locale] },
    namespace: 'DeliveryFailedEmail',
    timeZone: SHOP_TIME_ZONE,
  });
  const amount = t('amount', { amount: formatLeiAmount(data.totalBani, locale) });
  const topUp = data.kind === 'TOPUP';
  const what = topUp ? t('whatTopUp') : t('whatVignettes');
  const delivered = data.delivered ?? 0;
  const counts = { delivered, missing: data.undelivered.length };
  const refundable = t('amount', {
    amount: formatLeiAmount(data.refundableBani ?? data.totalBani, locale),
  });
  const summary: Row[] = [
    { label: t('orderNumber'), value: orderNumberOf(data), mono: true },
    { label: t('paidAt'), value: formatTimestamp(data.paidAt, locale) },
    { label: t('paid'), value: amount },
    {
      label: data.kind === 'TOPUP' ? t('phone') : delivered ? t('platesUndelivered') : t('plates'),
      value: data.undelivered.join(', '),
      mono: true,
    },
  ];
  return {
    frame: {
      lang: locale,
      subject: t('subject', { orderId: orderNumberOf(data), brand: COMPANY.brand }),
      preheader: delivered ? t('preheaderPartial') : t('preheader', { what }),
      heading: t('heading'),
      signOff: [t('signOff'), t('team', { brand: COMPANY.brand })],
      footer: [
        `${COMPANY.name} · ${COMPANY.headquarters}`,
        t('sentTo', { email: data.email, orderId: orderNumberOf(data) }),
      ],
    } satisfies MailFrame,
    // A top-up is told in its own words: it is delivered to a phone by a provider, not issued for the road. Of
    // vignettes partly delivered, only those missing are named, and only their price promised back.
    paragraphs: topUp
      ? [t('greeting'), t('introTopUp', { orderId: orderNumberOf(data) }), t('moneySafe', { amount })]
      : delivered
        ? [
            t('greeting'),
            t('introPartial', { orderId: orderNumberOf(data), ...counts }),
            t('moneySafePartial', { amount: refundable, missing: counts.missing }),
          ]
        : [t('greeting'), t('intro', { what, orderId: orderNumberOf(data) }), t('moneySafe', { amount })],
    summary,
    notes: [
      ...(topUp
        ? [t('nextStepsTopUp'), t('noActionTopUp')]
        : [t('nextSteps'), delivered ? t('noActionPartial', counts) : t('noAction')]),
      t('myOrders', { url: data.myOrdersUrl }),
    ],
    ...buyerClosing(t, data.orderUrl),
  };
}

/**
 * The buyer's e-mail when delivery failed for good (the order is FULFILLMENT_FAILED), in their language: what could
 * not be delivered, that the money is safe, what staff do next (deliver it, or refund it in full), and how to reach
 * them. Of an order partly delivered it names only what failed, and promises back only its price. Every value is
 * escaped in the HTML.
 */
export function renderDeliveryFailed(data: DeliveryFailedData): {
  subject: string;
  text: string;
  html: string;
} {
  return renderSummaryLetter(buildContent(data));
}
