import { DateTime } from 'luxon';
import { z } from 'zod';
import { orderStatuses } from '@/lib/db/schema';
import { TOP_UP_OPERATORS, type TopUpOperatorId } from '@/lib/topups/seed-data';
import { CATEGORY_CODES } from '@/lib/vignettes/categories';
import { documentFormatSchema, documentQuerySchema } from './document-query';
import { absentIfEmpty, optional } from './optional';
import { text } from './text';

export { optional };

/**
 * The admin's transaction queries (docs/api.md, Transactions, exports and invoices), one schema per input for the
 * back-office screens and the route handlers. Query parameters arrive as strings; an empty one (`status=`) counts as
 * absent, so a form can send every field it has.
 */

/** An order kind, a vignette category code or a top-up operator id. */
export const TRANSACTION_PRODUCTS = [
  'VIGNETTE',
  'TOPUP',
  ...CATEGORY_CODES,
  ...TOP_UP_OPERATORS.map((operator): TopUpOperatorId => operator.id),
] as const;

export const TRANSACTION_SORTS = ['createdAt', 'amount', 'status', 'email'] as const;

/** The longest range a daily series or an export covers: a leap year. */
export const MAX_RANGE_DAYS = 366;
export const MAX_PAGE_SIZE = 200;

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30). */
export const day = text({ error: 'dateInvalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateInvalid')
  .refine((text) => DateTime.fromISO(text, { zone: 'utc' }).isValid, 'dateInvalid');

export const pageFields = {
  page: z.preprocess(
    absentIfEmpty,
    z.coerce
      .number({ error: 'invalid' })
      .int('invalid')
      .min(0, 'invalid')
      .max(1_000_000, 'invalid')
      .default(0),
  ),
  size: z.preprocess(
    absentIfEmpty,
    z.coerce
      .number({ error: 'invalid' })
      .int('invalid')
      .min(1, 'invalid')
      .max(MAX_PAGE_SIZE, 'invalid')
      .default(20),
  ),
};

const filterFields = {
  status: optional(z.enum(orderStatuses, { error: 'invalid' })),
  product: optional(z.enum(TRANSACTION_PRODUCTS, { error: 'invalid' })),
  active: optional(z.enum(['true', 'false'], { error: 'invalid' }).transform((text) => text === 'true')),
  /** `true`: only the orders that need a hand (lib/orders/attention.ts); `false` or absent: no filter. */
  attention: optional(z.enum(['true', 'false'], { error: 'invalid' }).transform((text) => text === 'true')),
  from: optional(day),
  to: optional(day),
  /** An order id, an e-mail (or its beginning), a plate or a phone number. */
  q: optional(text().trim().max(254, 'tooLong')),
};

/** Days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) =>
  DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days + 1;

/** `from` not after `to`; with `required`, both present and at most {@link MAX_RANGE_DAYS} days apart. */
export const checkRange =
  (required: boolean) =>
  ({ from, to }: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
    if (required && !from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'required' });
    if (required && !to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'required' });
    if (!from || !to) return;
    const days = daysInRange(from, to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'dateRangeInverted' });
    else if (required && days > MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'dateRangeTooLong' });
  };

/** `GET /api/admin/payment`: filters, search, sorting and the page. */
export const transactionListQuerySchema = z
  .object({
    ...pageFields,
    ...filterFields,
    sort: optional(z.enum(TRANSACTION_SORTS, { error: 'invalid' })).default('createdAt'),
    dir: optional(z.enum(['asc', 'desc'], { error: 'invalid' })),
  })
  .superRefine(checkRange(false))
  // Newest and largest first; names and states in their natural order.
  .transform((query) => ({
    ...query,
    dir: query.dir ?? (query.sort === 'createdAt' || query.sort === 'amount' ? 'desc' : 'asc'),
  }));

/** `GET /api/admin/payment/daily` and the exports: the list's filters over a range of at most 366 days. */
export const transactionRangeQuerySchema = z
  .object(filterFields)
  .superRefine(checkRange(true))
  .transform((query) => ({ ...query, from: query.from!, to: query.to! }));

/** `PATCH /api/admin/payment`: the spec only ever marks a transaction active. */
export const markActiveSchema = z.object({
  id: text({ error: 'required' }).trim().min(1, 'required').max(64, 'invalid'),
  /** true marks the transaction active; false undoes it. */
  active: z.boolean({ error: 'invalid' }),
});

/** `GET /api/admin/invoices`. */
export const invoiceListQuerySchema = z.object({
  ...pageFields,
  q: optional(text().trim().max(254, 'tooLong')),
});

/** `GET /api/invoice?orderId=`: an order's invoice or credit note, for staff. */
export const invoiceQuerySchema = documentQuerySchema.extend({
  orderId: text({ error: 'required' }).trim().min(1, 'required').max(64, 'invalid'),
  format: documentFormatSchema,
});

export type TransactionListQuery = z.output<typeof transactionListQuerySchema>;
export type TransactionRangeQuery = z.output<typeof transactionRangeQuerySchema>;
/** The filters shared by the list, the daily series and the exports. */
export type TransactionFilters = Pick<
  TransactionListQuery,
  'status' | 'product' | 'active' | 'attention' | 'from' | 'to' | 'q'
>;
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;
