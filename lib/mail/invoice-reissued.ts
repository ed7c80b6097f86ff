import { createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import { COMPANY } from '@/lib/company';
import type { Locale } from '@/lib/i18n/routing';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import { buyerClosing, mailLocale, renderSummaryLetter, type SummaryLetter, orderNumberOf } from './layout';

export interface InvoiceReissuedData {
  orderId: string;
  /** The short reference the buyer reads out (`RP-7K3-9QX`), shown instead of the id; null on older orders. */
  reference?: string | null;
  /** The public page of the order, where both documents can be downloaded too. */
  orderUrl: string;
  /** Every order of the address, reached without an account (`/{locale}/orders`, lib/buyers/sign-in.ts). */
  myOrdersUrl: string;
  locale: Locale;
  email: string;
  /** The invoice replaced, `RPV-2026-000001`. */
  replacedNumber: string;
  /** The storno that reverses it, attached. */
  creditNoteNumber: string;
  /** The new invoice, attached. */
  invoiceNumber: string;
}

type InvoiceReissuedMessages = typeof ro.InvoiceReissuedEmail;

// Only this namespace travels with the translator: the rest of the site's texts are no business of an e-mail.
const MESSAGES: Record<Locale, InvoiceReissuedMessages> = {
  ro: ro.InvoiceReissuedEmail,
  en: en.InvoiceReissuedEmail,
  de: de.InvoiceReissuedEmail,
  hu: hu.InvoiceReissuedEmail,
};

function buildContent(data: InvoiceReissuedData): SummaryLetter {
  const locale = mailLocale(data.locale);
  const t = createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { InvoiceReissuedEmail: MESSAGES[locale] },
    namespace: 'InvoiceReissuedEmail',
    timeZone: SHOP_TIME_ZONE,
  });
  const numbers = {
    replaced: data.replacedNumber,
    creditNote: data.creditNoteNumber,
    invoice: data.invoiceNumber,
    orderId: orderNumberOf(data),
  };
  return {
    frame: {
      lang: locale,
      subject: t('subject', { ...numbers, brand: COMPANY.brand }),
      preheader: t('preheader', numbers),
      heading: t('heading'),
      signOff: [t('signOff'), t('team', { brand: COMPANY.brand })],
      footer: [
        `${COMPANY.name} · ${COMPANY.headquarters}`,
        t('sentTo', { email: data.email, orderId: orderNumberOf(data) }),
      ],
    },
    paragraphs: [t('greeting'), t('intro', numbers), t('nothingToDo')],
    summary: [
      { label: t('orderNumber'), value: orderNumberOf(data), mono: true },
      { label: t('replaced'), value: data.replacedNumber, mono: true },
      { label: t('creditNote'), value: data.creditNoteNumber, mono: true },
      { label: t('invoice'), value: data.invoiceNumber, mono: true, prominent: true },
    ],
    notes: [t('attached', numbers), t('myOrders', { url: data.myOrdersUrl })],
    ...buyerClosing(t, data.orderUrl),
  };
}

/**
 * The buyer's e-mail when a correction replaced their invoice: which invoice was reversed by which storno and which
 * new invoice replaces it (both attached by the caller, both on the order page), and that nothing is owed or paid
 * again. Every value is escaped in the HTML.
 */
export function renderInvoiceReissued(data: InvoiceReissuedData): {
  subject: string;
  text: string;
  html: string;
} {
  return renderSummaryLetter(buildContent(data));
}
