import { z } from 'zod';
import { hasCuiShape, isValidCui, normalizeCui } from '@/lib/billing/cui';
import { BUCHAREST, isRoCounty, sectorCode } from '@/lib/billing/ro-counties';
import type { StructuredInvoiceData } from '@/lib/db/invoice-data';
import { isRegistrationCountry } from '@/lib/vignettes/countries';
import { text } from './text';

/**
 * The billing data an order may carry (docs/api.md, `invoice`), shared by the checkout forms and both order endpoints:
 * whom the invoice names, with the address in the parts RO e-Factura asks for. Messages are `Validation` keys.
 *
 * The lengths are CIUS-RO's for the buyer (name 200, street 150, city 50, postal code 20 characters), so that any
 * accepted address fits the invoice's XML as it was typed.
 */

const requiredText = (max: number) =>
  text({ error: 'required' }).trim().min(1, 'required').max(max, 'tooLong');
const optionalText = (max: number) => text().trim().max(max, 'tooLong').optional();

/** A foreign company's VAT id: its country's two letters, then letters and digits with at least one digit. */
const FOREIGN_VAT_ID = /^(?=[A-Z]{2}[0-9A-Z]*\d)[A-Z]{2}[0-9A-Z]{2,13}$/;
/** Romanian postal codes have six digits. */
const RO_POSTAL_CODE = /^\d{6}$/;

const addressFields = {
  street: requiredText(150),
  city: requiredText(50),
  county: optionalText(10),
  postalCode: optionalText(20),
  // The countries the shop knows by name (lib/vignettes/countries.ts): its buyers' countries, Romania first.
  country: text({ error: 'billingCountryUnknown' })
    .trim()
    .transform((code) => code.toUpperCase())
    .refine(isRegistrationCountry, 'billingCountryUnknown'),
};

export const invoiceSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('PERSON'), name: requiredText(200), ...addressFields }),
      z.object({
        kind: z.literal('COMPANY'),
        name: requiredText(200),
        taxId: text({ error: 'taxIdInvalid' }).transform(normalizeCui),
        tradeRegister: optionalText(40),
        ...addressFields,
      }),
    ],
    { error: 'invoiceKind' },
  )
  .superRefine((invoice, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const romanian = invoice.country === 'RO';
    if (invoice.kind === 'COMPANY') {
      // A Romanian company is known by its CUI, which has a control digit; a foreign one by its VAT id.
      if (romanian && !hasCuiShape(invoice.taxId)) issue('taxId', 'taxIdInvalid');
      else if (romanian && !isValidCui(invoice.taxId)) issue('taxId', 'taxIdControlDigit');
      else if (!romanian && !FOREIGN_VAT_ID.test(invoice.taxId)) issue('taxId', 'taxIdInvalid');
    }
    if (!romanian) return;
    const county = invoice.county?.toUpperCase();
    if (!county || !isRoCounty(county)) issue('county', 'billingCountyRequired');
    else if (county === BUCHAREST && !sectorCode(invoice.city)) issue('city', 'billingSectorRequired');
    if (invoice.postalCode && !RO_POSTAL_CODE.test(invoice.postalCode))
      issue('postalCode', 'postalCodeInvalid');
  })
  .transform((invoice): StructuredInvoiceData => {
    const county = invoice.country === 'RO' ? invoice.county?.toUpperCase() : undefined;
    const address = {
      street: invoice.street,
      // Bucharest's city is its sector, as CIUS-RO codes it (`SECTOR3`), however it was written.
      city: county === BUCHAREST ? (sectorCode(invoice.city) ?? invoice.city) : invoice.city,
      // Asked of Romanian addresses only, where the e-Factura XML needs its ISO code; abroad it is not kept.
      ...(county ? { county } : {}),
      ...(invoice.postalCode ? { postalCode: invoice.postalCode } : {}),
      country: invoice.country,
    };
    if (invoice.kind === 'PERSON') return { kind: 'PERSON', name: invoice.name, ...address };
    const { name, taxId, tradeRegister } = invoice;
    return { kind: 'COMPANY', name, taxId, ...(tradeRegister ? { tradeRegister } : {}), ...address };
  });
