import 'server-only';

import { createFormatter, createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import { COMPANY } from '@/lib/company';
import type { Locale } from '@/lib/i18n/routing';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { escapeXml } from '@/lib/xml-escape';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import { secondsUntilExpiry, TEST_CARDS, type SandboxPayment } from './sandbox';

/** The sandbox's words, in each language (messages/*.json, `SandboxPayment`). */
const MESSAGES: Record<Locale, typeof ro.SandboxPayment> = {
  ro: ro.SandboxPayment,
  en: en.SandboxPayment,
  de: de.SandboxPayment,
  hu: hu.SandboxPayment,
};

const translator = (locale: Locale) =>
  createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { SandboxPayment: MESSAGES[locale] },
    namespace: 'SandboxPayment',
    timeZone: SHOP_TIME_ZONE,
  });

/** The card form's words in the payment's language (messages/*.json, `SandboxPayment`), already formatted. */
export interface PaymentFormText {
  title: string;
  notice: string;
  merchant: string;
  order: string;
  amount: string;
  /** The amount itself, in the payment's currency and language. */
  amountValue: string;
  expiresIn: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
  cardholder: string;
  pay: string;
  testCards: string;
}

/**
 * The sandbox provider's look, apart from the shop's (nobody mistakes it for the shop): a white card on grey, in
 * the provider's green, as the React page had it from the shop's stylesheet.
 */
const STYLE = `*,::before,::after{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#f1f5f9;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;-webkit-font-smoothing:antialiased;-webkit-text-size-adjust:100%}
main{margin:0 auto;max-width:28rem;padding:2rem 1rem}
.card{border-radius:.75rem;background:#fff;padding:1.5rem;box-shadow:0 1px 3px rgb(0 0 0/.1),0 1px 2px rgb(0 0 0/.1)}
.brand{margin:0;font-size:.875rem;font-weight:600;letter-spacing:.025em;color:#065f46;text-transform:uppercase}
h1{margin:.25rem 0 0;font-size:1.5rem;font-weight:700}
.notice{margin:.5rem 0 0;border-radius:.25rem;background:#fffbeb;padding:.75rem;font-size:.875rem;color:#78350f}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0 0;font-size:.875rem}
dt{font-weight:500;color:#475569}dd{margin:0;overflow-wrap:anywhere}
.total{font-size:1.125rem;font-weight:700}
.expires{margin:.5rem 0 0;font-size:.875rem;color:#475569}
form{margin-top:1rem}label{display:block;font-weight:500}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:.75rem;margin-top:.75rem}.spaced{margin-top:.75rem}
input{margin-top:.25rem;display:block;width:100%;border:1px solid #94a3b8;border-radius:.25rem;padding:.5rem .75rem;font:inherit;font-size:1.125rem}
input:focus{border-color:#047857;outline:2px solid #047857}
button{margin-top:1.5rem;width:100%;border:0;border-radius:.25rem;background:#047857;padding:.75rem 1rem;font:inherit;font-size:1.125rem;font-weight:600;color:#fff;cursor:pointer}
button:hover{background:#065f46}
details{margin-top:1.5rem;font-size:.875rem}summary{cursor:pointer;font-weight:500}
ul{margin:.5rem 0 0;padding:0;list-style:none;font-family:ui-monospace,SFMono-Regular,Menlo,monospace}li+li{margin-top:.25rem}
.label{font-family:inherit;color:#475569}`;

const page = (lang: string, title: string, head: string, body: string) =>
  `<!DOCTYPE html><html lang="${escapeXml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">${head}<title>Sandbox payments</title><style>${STYLE}</style></head><body><main><div class="card"><p class="brand">Netopia sandbox</p><h1>${escapeXml(title)}</h1>${body}</div></main></body></html>`;

/** The sandbox's page for a payment it does not know. */
export function unknownPaymentHtml(locale: Locale): string {
  const t = translator(locale);
  return page(locale, t('title'), '', `<p class="notice">${escapeXml(t('unknown'))}</p>`);
}

/** The card form of an open payment, in `locale`, as {@link paymentFormHtml} writes it. */
export function openPaymentHtml(locale: Locale, payment: SandboxPayment, now = new Date()): string {
  const t = translator(locale);
  const format = createFormatter({ ...KEPT_FORMATTERS, locale, timeZone: SHOP_TIME_ZONE, now });
  const amount = format.number(payment.amountBani / 100, { style: 'currency', currency: payment.currency });
  return paymentFormHtml(locale, payment, COMPANY.name, secondsUntilExpiry(payment), {
    title: t('title'),
    notice: t('notice'),
    merchant: t('merchant'),
    order: t('order'),
    amount: t('amount'),
    amountValue: amount,
    expiresIn: t('expiresIn', { time: format.dateTime(payment.expiresAt, { timeStyle: 'short' }) }),
    cardNumber: t('cardNumber'),
    expiry: t('expiry'),
    cvv: t('cvv'),
    cardholder: t('cardholder'),
    pay: t('pay', { amount }),
    testCards: t('testCards'),
  });
}

/**
 * The sandbox provider's hosted card form, as plain HTML: a form that posts, with no script, so it is served as a
 * route's answer instead of a React page (a third of a purchase's server time went into rendering it). When the
 * form's time is up the page reloads itself, finds the payment expired and sends the buyer back.
 */
export function paymentFormHtml(
  lang: string,
  payment: { ntpId: string; orderId: string },
  merchant: string,
  secondsLeft: number,
  text: PaymentFormText,
): string {
  const e = escapeXml;
  const cards = Object.entries(TEST_CARDS)
    .map(([number, card]) => `<li>${e(number)} <span class="label">(${e(card.label)})</span></li>`)
    .join('');
  return page(
    lang,
    text.title,
    `<meta http-equiv="refresh" content="${secondsLeft + 1}">`,
    `<p class="notice">${e(text.notice)}</p>` +
      `<dl><dt>${e(text.merchant)}</dt><dd>${e(merchant)}</dd><dt>${e(text.order)}</dt><dd>${e(payment.orderId)}</dd>` +
      `<dt>${e(text.amount)}</dt><dd class="total" data-testid="sandbox-amount">${e(text.amountValue)}</dd></dl>` +
      `<p class="expires">${e(text.expiresIn)}</p>` +
      `<form method="post" action="/api/payments/sandbox/pay"><input type="hidden" name="ntpId" value="${e(payment.ntpId)}">` +
      `<label>${e(text.cardNumber)}<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" required></label>` +
      `<div class="pair"><label>${e(text.expiry)}<input name="expiry" placeholder="12/30" autocomplete="cc-exp" required></label>` +
      `<label>${e(text.cvv)}<input name="cvv" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></label></div>` +
      `<label class="spaced">${e(text.cardholder)}<input name="cardholder" autocomplete="cc-name"></label>` +
      `<button type="submit">${e(text.pay)}</button></form>` +
      `<details><summary>${e(text.testCards)}</summary><ul>${cards}</ul></details>`,
  );
}
