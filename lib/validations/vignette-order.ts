import { z } from 'zod';
import { locales } from '@/lib/i18n/routing';
import { CATEGORY_CODES } from '@/lib/vignettes/categories';
import { isRegistrationCountry } from '@/lib/vignettes/countries';
import { isCounty } from '@/lib/vignettes/counties';
import { isYearly, VIGNETTE_TYPES } from '@/lib/vignettes/periods';
import { checkPlate, normalizePlate } from '@/lib/vignettes/plate';
import { plateRefusalMessage } from '@/lib/vignettes/plate-refusal';
import { invoiceSchema } from './billing';
import { text } from './text';

/**
 * The vignette quote and order inputs (docs/api.md, Vignette orders), one schema for the form and the route handler.
 * Messages are keys of the `Validation` messages: the form shows them in the visitor's language, the API in English.
 */

const isoDate = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid');

/** A vehicle's plate and country of registration, as the order and the validity check by plate take them. */
export const plateFields = {
  plate: text({ error: 'plateRequired' }).max(24, 'plateFormat'),
  country: text({ error: 'countryRequired' })
    .transform((code) => code.trim().toUpperCase())
    .refine(isRegistrationCountry, 'countryUnknown'),
};

/** The plate's refusal by its country's format (checkPlate), as an issue on `plate` with the form's message key. */
export function refusePlate(vehicle: { plate: string; country: string }, ctx: z.RefinementCtx): void {
  const plate = checkPlate(vehicle.plate, vehicle.country);
  if (!plate.ok) {
    const { key, params } = plateRefusalMessage(plate);
    ctx.addIssue({ code: 'custom', path: ['plate'], message: key, params });
  }
}

export const vignetteItemSchema = z
  .object({
    categoryCode: z.enum(CATEGORY_CODES, { error: 'categoryUnknown' }),
    type: z.enum(VIGNETTE_TYPES, { error: 'typeUnknown' }),
    startDate: isoDate.optional(),
    county: text().optional(),
    ...plateFields,
  })
  .superRefine((item, ctx) => {
    refusePlate(item, ctx);
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

export type VignetteItem = z.output<typeof vignetteItemSchema>;

export const vignetteQuoteSchema = z.object({
  items: z.array(vignetteItemSchema, { error: 'cartEmpty' }).min(1, 'cartEmpty').max(10, 'cartTooLarge'),
});

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
  // The separate, optional consent to expiry reminders (lib/reminders/consent.ts): never implied, unticked by default.
  remindBeforeEnd: z.boolean({ error: 'invalid' }).optional(),
  // The signed "buy the same again" token of the reminder the cart was filled from, if any.
  fromReminder: text().trim().max(40, 'tooLong').optional(),
});

export type VignetteOrderInput = z.input<typeof vignetteOrderSchema>;
export type VignetteOrder = z.output<typeof vignetteOrderSchema>;
