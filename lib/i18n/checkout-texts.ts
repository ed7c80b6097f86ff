import type { Messages } from 'next-intl';
import type { Locale } from './routing';
import { languageFileUrl } from './texts-address';

/*
 * A vignette page's checkout (e-mail, invoice data, summary, payment) is shown only once the cart holds a vignette,
 * which the browser alone knows. Its texts, about 1 KB once compressed, would make the page's document one round trip
 * of a phone's connection longer (docs/decisions/0029-*.md), so they are not in the page: the browser fetches them,
 * as a static file per language built from messages/, together with the checkout's code.
 */

/** The `Validation` messages only the checkout shows: the e-mail, the terms and the invoice data. */
export const CHECKOUT_VALIDATION_KEYS = [
  'emailInvalid',
  'termsRequired',
  'invoiceKind',
  'taxIdInvalid',
  'taxIdControlDigit',
  'billingCountyRequired',
  'billingSectorRequired',
  'postalCodeInvalid',
  'billingCountryUnknown',
] as const satisfies readonly (keyof Messages['Validation'])[];

/** The checkout's own texts (`VignetteForm.checkout`) that the page keeps: said when the checkout cannot be loaded. */
export const CHECKOUT_KEPT_KEYS = [
  'networkError',
] as const satisfies readonly (keyof Messages['VignetteForm']['checkout'])[];

type KeptCheckoutKey = (typeof CHECKOUT_KEPT_KEYS)[number];

/** The form's texts as the page hands them: the checkout's left out, but for the notice that it could not load. */
export type PageFormLabels = Omit<Messages['VignetteForm'], 'checkout'> & {
  checkout: Pick<Messages['VignetteForm']['checkout'], KeptCheckoutKey>;
};

/** What the browser fetches for the checkout: `/assets/checkout-texts/{lang}.{version}.json`. */
export interface CheckoutTexts {
  checkout: Messages['VignetteForm']['checkout'];
  billing: Messages['Billing'];
  emailSuggestion: Messages['EmailSuggestion'];
  validation: Pick<Messages['Validation'], (typeof CHECKOUT_VALIDATION_KEYS)[number]>;
}

/** The checkout's texts of one language's messages. */
export function checkoutTextsOf(messages: Messages): CheckoutTexts {
  return {
    checkout: messages.VignetteForm.checkout,
    billing: messages.Billing,
    emailSuggestion: messages.EmailSuggestion,
    validation: Object.fromEntries(
      CHECKOUT_VALIDATION_KEYS.map((key) => [key, messages.Validation[key]]),
    ) as CheckoutTexts['validation'],
  };
}

/** The form's texts without the checkout's (but those the page keeps). */
export function pageFormLabels(form: Messages['VignetteForm']): PageFormLabels {
  const { checkout, ...rest } = form;
  return {
    ...rest,
    checkout: Object.fromEntries(
      CHECKOUT_KEPT_KEYS.map((key) => [key, checkout[key]]),
    ) as PageFormLabels['checkout'],
  };
}

/** The address of one language's checkout texts in this release (app/assets/checkout-texts/[file]/route.ts). */
export const checkoutTextsUrl = (locale: Locale) => languageFileUrl('checkout-texts', locale);
