import 'server-only';
import type { Messages } from 'next-intl';
import { getMessages } from 'next-intl/server';

/*
 * How a client component gets its texts in this shop: as props, from the server component that renders it. One
 * string is translated there and handed over (`label={t('resend')}`); a group of texts is the component's message
 * namespace, `await clientTexts('CookieBanner')`, which the component types `ClientTexts<'CookieBanner'>` (or as
 * the keys it needs, which the namespace must then have), with `{placeholders}` filled in the browser by `fill()`.
 * The shop's pages have no NextIntlClientProvider and no useTranslations in client components: the provider would
 * ship the ICU message parser to every page (lib/i18n/navigation.ts). The back-office, client-only and outside the
 * page budget, is the one user of the provider (components/admin/admin-i18n.tsx).
 */

/** The texts of one message namespace, as a client component receives them. */
export type ClientTexts<Namespace extends keyof Messages> = Messages[Namespace];

/** One namespace of the request's messages, plain text for a client component's props. */
export async function clientTexts<Namespace extends keyof Messages>(
  namespace: Namespace,
): Promise<ClientTexts<Namespace>> {
  const messages = await getMessages();
  return messages[namespace];
}

/** Only `keys` of one namespace: for a client component that shows a few texts of a large one. */
export async function clientTextsPick<
  Namespace extends keyof Messages,
  Key extends keyof Messages[Namespace],
>(namespace: Namespace, keys: readonly Key[]): Promise<Pick<Messages[Namespace], Key>> {
  const texts = await clientTexts(namespace);
  return Object.fromEntries(keys.map((key) => [key, texts[key]])) as Pick<Messages[Namespace], Key>;
}

/**
 * The `Validation` messages of the back-office's own forms and rules (staff accounts, the catalogue's editing, the
 * transaction filters): a buyer's form never shows them, so the purchase pages leave them out of their props.
 */
export const STAFF_VALIDATION_KEYS = [
  'usernameInvalid',
  'usernameTaken',
  'passwordTooShort',
  'passwordSameAsOld',
  'passwordWrong',
  'roleUnknown',
  'dateRangeTooLong',
  'dateRangeInverted',
  'userUnknown',
  'priceInvalid',
  'priceDuplicate',
  'yearNotEditable',
  'faceValueInvalid',
  'deliveryUnknown',
  'productDuplicate',
  'productFieldFixed',
  'rateInvalid',
] as const satisfies readonly (keyof Messages['Validation'])[];

/** The `Validation` messages of a top-up's own fields and rules (the phone number, the operator and its product). */
export const TOP_UP_VALIDATION_KEYS = [
  'phoneRequired',
  'phoneInvalid',
  'phoneNotMobile',
  'operatorUnknown',
  'productUnknown',
  'productOfOtherOperator',
] as const satisfies readonly (keyof Messages['Validation'])[];

/**
 * The `Validation` messages a buyer's form may show: every one but the back-office's (STAFF_VALIDATION_KEYS) and
 * those of `otherLines`, another product line's own (a vignette's page leaves out TOP_UP_VALIDATION_KEYS).
 */
export async function buyerValidationTexts(
  otherLines: readonly (keyof Messages['Validation'])[] = [],
): Promise<Record<string, string>> {
  const leftOut = new Set<string>([...STAFF_VALIDATION_KEYS, ...otherLines]);
  const texts: Record<string, string> = await clientTexts('Validation');
  return Object.fromEntries(Object.entries(texts).filter(([key]) => !leftOut.has(key)));
}

/**
 * The `Validation` messages of a plate and its country (lib/validations/vignette-order.ts `plateFields`, the refusals
 * of lib/vignettes/plate-refusal.ts), and the generic one: all the plate check's form can show.
 */
export const PLATE_VALIDATION_KEYS = [
  'invalid',
  'textInvalid',
  'plateRequired',
  'plateFormat',
  'plateCharacters',
  'plateLetterForDigit',
  'plateDigitForLetter',
  'plateRoCountyMissing',
  'plateRoCountyUnknown',
  'plateRoBucharestDigits',
  'plateRoCountyDigits',
  'plateRoLetters',
  'plateRoLetterQ',
  'plateRoFirstLetter',
  'countryRequired',
  'countryUnknown',
] as const satisfies readonly (keyof Messages['Validation'])[];
