import { z } from 'zod';
import { categoryByCode } from '@/lib/vignettes/categories';
import { VIGNETTE_TYPES } from '@/lib/vignettes/periods';
import { text } from './text';

/**
 * The back-office's catalog inputs (docs/api.md, Catalog administration), one schema per input for the screen and
 * the route handlers. Messages are keys of the `Validation` messages. What needs the database or the clock (a year
 * that may be edited, an operator or product that exists) is checked in lib/catalog/.
 */

/** Far above any official price (D2 yearly: 87 650 Ft in 2026): a typo with three zeros too many is refused. */
export const MAX_VIGNETTE_PRICE_HUF = 1_000_000;
/** 500 EUR of credit, 10 000 lei: far above what operators sell as prepaid credit. */
export const MAX_FACE_VALUE_CENTS = 50_000;
export const MAX_TOP_UP_PRICE_BANI = 1_000_000;
/**
 * Forints per leu the shop accepts by hand: the rate has stayed between 60 and 90 for two decades, so anything
 * outside 10..200 is a slip (a rate typed the other way round, lei per 100 forints, is about 1.3).
 */
export const RATE_BOUNDS = { min: 10, max: 200 } as const;
/** The precision of `exchange_rates.ron2huf` (numeric(12, 6)). */
export const RATE_DECIMALS = 6;

export const TOP_UP_DELIVERIES = ['DIRECT', 'PIN'] as const;

const wholeAmount = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message);

/** `GET /api/admin/catalog/vignette-prices?year=`: a calendar year, this year's when absent. */
export const vignettePriceYearQuerySchema = z.object({
  year: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'invalid' }).int('invalid').min(2000, 'invalid').max(2100, 'invalid').optional(),
  ),
});

const vignettePriceSchema = z.object({
  // Checked here rather than with the list, so that it is reported with the entry's other fields.
  categoryCode: text({ error: 'categoryUnknown' }).superRefine((code, ctx) => {
    const category = categoryByCode(code);
    if (!category?.sellable)
      ctx.addIssue({ code: 'custom', message: category ? 'categoryNotSold' : 'categoryUnknown' });
  }),
  type: z.enum(VIGNETTE_TYPES, { error: 'typeUnknown' }),
  priceHuf: wholeAmount(MAX_VIGNETTE_PRICE_HUF, 'priceInvalid'),
});

/**
 * `PUT /api/admin/catalog/vignette-prices`: a year's prices in forints, each category and period at most once and
 * only for categories on sale (B2 is shown but never sold). Entries not listed keep their price.
 */
export const vignettePricesUpdateSchema = z
  .object({
    year: z.number({ error: 'invalid' }).int('invalid'),
    prices: z
      .array(vignettePriceSchema, { error: 'required' })
      .min(1, 'required')
      .max(VIGNETTE_TYPES.length * 10, 'invalid'),
  })
  // Runs once every entry is valid on its own.
  .superRefine(({ prices }, ctx) => {
    const seen = new Set<string>();
    prices.forEach((price, index) => {
      const key = `${price.categoryCode}:${price.type}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['prices', index, 'type'], message: 'priceDuplicate' });
      seen.add(key);
    });
  });

const id = text({ error: 'required' }).trim().min(1, 'required').max(64, 'invalid');

const topUpProductSchema = z.object({
  /** Absent for a product to add; its id is made from the operator, the delivery and the face value. */
  id: id.optional(),
  operatorId: text({ error: 'operatorUnknown' }).trim().min(1, 'operatorUnknown').max(64, 'operatorUnknown'),
  faceValueCents: wholeAmount(MAX_FACE_VALUE_CENTS, 'faceValueInvalid'),
  priceBani: wholeAmount(MAX_TOP_UP_PRICE_BANI, 'priceInvalid'),
  delivery: z.enum(TOP_UP_DELIVERIES, { error: 'deliveryUnknown' }),
  active: z.boolean({ error: 'invalid' }),
});

/**
 * `PUT /api/admin/catalog/topup-products`: operators switched on or off, products changed or added. Nothing is ever
 * deleted: old orders name their product, so a product leaves the shop by being deactivated.
 */
export const topUpCatalogUpdateSchema = z
  .object({
    operators: z
      .array(z.object({ id, active: z.boolean({ error: 'invalid' }) }), { error: 'invalid' })
      .max(50, 'invalid')
      .default([]),
    products: z.array(topUpProductSchema, { error: 'invalid' }).max(500, 'invalid').default([]),
  })
  .superRefine(({ operators, products }, ctx) => {
    const operatorIds = new Set<string>();
    operators.forEach((operator, index) => {
      if (operatorIds.has(operator.id))
        ctx.addIssue({ code: 'custom', path: ['operators', index, 'id'], message: 'invalid' });
      operatorIds.add(operator.id);
    });
    const productIds = new Set<string>();
    products.forEach((product, index) => {
      if (product.id === undefined) return;
      if (productIds.has(product.id))
        ctx.addIssue({ code: 'custom', path: ['products', index, 'id'], message: 'productDuplicate' });
      productIds.add(product.id);
    });
  });

/** Whether a number is written with at most `decimals` decimals (76.123456 yes, 76.1234567 no). */
const hasAtMostDecimals = (value: number, decimals: number) => Number(value.toFixed(decimals)) === value;

/** `PUT /api/admin/exchange-rate`: a rate set by hand, in forints per leu. */
export const exchangeRateUpdateSchema = z.object({
  RON2HUF: z
    .number({ error: 'rateInvalid' })
    .min(RATE_BOUNDS.min, 'rateInvalid')
    .max(RATE_BOUNDS.max, 'rateInvalid')
    .refine((value) => hasAtMostDecimals(value, RATE_DECIMALS), 'rateInvalid'),
});

export type VignettePricesUpdate = z.output<typeof vignettePricesUpdateSchema>;
export type TopUpCatalogUpdate = z.output<typeof topUpCatalogUpdateSchema>;
export type TopUpProductInput = TopUpCatalogUpdate['products'][number];
export type ExchangeRateUpdate = z.output<typeof exchangeRateUpdateSchema>;
