import { z } from 'zod';
import { locales } from '@/lib/i18n/routing';
import { CATEGORY_CODES } from '@/lib/vignettes/categories';
import { isRegistrationCountry } from '@/lib/vignettes/countries';
import { isCounty } from '@/lib/vignettes/counties';
import { isYearly, VIGNETTE_TYPES } from '@/lib/vignettes/periods';
import { checkPlate, normalizePlate, OTHER_READING, type PlateRefusal } from '@/lib/vignettes/plate';
import { invoiceSchema } from './billing';
import { text } from './text';

/**
 * The vignette quote and order inputs (docs/api.md, Vignette orders), one schema for the form and the route handler.
 * Messages are keys of the `Validation` messages: the form shows them in the visitor's language, the API in English.
 */

/** A message key of `Validation` with the values its text names (`{position}`, `{county}`...). */
export interface MessageWithParams {
  key: string;
  params: Record<string, string | number>;
}

/**
 * The `Validation` message of a refused plate, one key per reason of checkPlate, shown by the form next to the field
 * and sent as the API's issue code. Positions are counted from 1, as the buyer counts the plate's characters.
 */
export function plateRefusalMessage(refusal: PlateRefusal): MessageWithParams {
  switch (refusal.reason) {
    case 'EMPTY':
      return { key: 'plateRequired', params: {} };
    case 'CHARACTERS':
      return { key: 'plateCharacters', params: {} };
    case 'FORMAT':
      return { key: 'plateFormat', params: {} };
    case 'LETTER_FOR_DIGIT':
    case 'DIGIT_FOR_LETTER':
    case 'RO_FIRST_LETTER': {
      const key = {
        LETTER_FOR_DIGIT: 'plateLetterForDigit',
        DIGIT_FOR_LETTER: 'plateDigitForLetter',
        RO_FIRST_LETTER: 'plateRoFirstLetter',
      }[refusal.reason];
      const { index, char } = refusal;
      return { key, params: { position: index + 1, char, other: OTHER_READING[char] } };
    }
    case 'RO_COUNTY_MISSING':
      return { key: 'plateRoCountyMissing', params: {} };
    case 'RO_COUNTY_UNKNOWN':
      return { key: 'plateRoCountyUnknown', params: { county: refusal.county } };
    case 'RO_BUCHAREST_DIGITS':
      return { key: 'plateRoBucharestDigits', params: {} };
    case 'RO_COUNTY_DIGITS':
      return { key: 'plateRoCountyDigits', params: { county: refusal.county } };
    case 'RO_LETTERS':
      return { key: 'plateRoLetters', params: {} };
    case 'RO_LETTER_Q':
      return { key: 'plateRoLetterQ', params: { position: refusal.index + 1 } };
  }
}

const isoDate = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid');

export const vignetteItemSchema = z
  .object({
    categoryCode: z.enum(CATEGORY_CODES, { error: 'categoryUnknown' }),
    type: z.enum(VIGNETTE_TYPES, { error: 'typeUnknown' }),
    startDate: isoDate.optional(),
    county: text().optional(),
    plate: text({ error: 'plateRequired' }).max(24, 'plateFormat'),
    country: text({ error: 'countryRequired' })
      .transform((code) => code.trim().toUpperCase())
      .refine(isRegistrationCountry, 'countryUnknown'),
  })
  .superRefine((item, ctx) => {
    const plate = checkPlate(item.plate, item.country);
    if (!plate.ok) {
      const { key, params } = plateRefusalMessage(plate);
      ctx.addIssue({ code: 'custom', path: ['plate'], message: key, params });
    }
    if (!isYearly(item.type) && !item.startDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'startRequired' });
    if (item.type === 'COUNTY_YEAR' && !(item.county && isCounty(item.county))) {
      ctx.addIssue({ code: 'custom', path: ['county'], message: 'countyRequired' });
    }
  })
  .transform((item) => ({
    ...item,
    plate: normalizePlate(item.plate),
    county: item.type === 'COUNTY_YEAR' ? item.county : undefined,
  }));

export type VignetteItemInput = z.input<typeof vignetteItemSchema>;
export type VignetteItem = z.output<typeof vignetteItemSchema>;

export const vignetteQuoteSchema = z.object({
  items: z.array(vignetteItemSchema, { error: 'cartEmpty' }).min(1, 'cartEmpty').max(10, 'cartTooLarge'),
});

// The billing data lives with its own rules (CUI control digit, county codes); its type stays importable from here.
export { invoiceSchema, type InvoiceData } from './billing';

/** What every order asks of the buyer, whatever it buys. */
export const buyerFields = {
  email: z.email({ error: 'emailInvalid' }).max(254, 'emailInvalid'),
  locale: z.enum(locales, { error: 'localeUnknown' }),
  invoice: invoiceSchema.optional(),
  // The express consent of OUG 34/2014 art. 16: a service performed at once, no 14-day withdrawal.
  acceptTerms: z.literal(true, { error: 'termsRequired' }),
};

export const vignetteOrderSchema = vignetteQuoteSchema.extend({
  ...buyerFields,
  // A contact number for the order, from any country: not the spec's Romanian pattern, which top-ups use.
  phone: text().trim().max(20, 'tooLong').optional(),
});

export type VignetteOrderInput = z.input<typeof vignetteOrderSchema>;
export type VignetteOrder = z.output<typeof vignetteOrderSchema>;
