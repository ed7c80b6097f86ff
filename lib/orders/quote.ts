import 'server-only';

import type { ErrorIssue } from '@/lib/api/error-body';
import { ApiError } from '@/lib/api/errors';
import { validationIssue } from '@/lib/api/request';
import { hufToBani, quotingCatalog, type ExchangeRate } from '@/lib/catalog/catalog';
import type { VignetteItem } from '@/lib/validations/vignette-order';
import { isYearly } from '@/lib/vignettes/periods';
import { checkStart, ValidityError, validityOf, type ValidityErrorCode } from '@/lib/vignettes/validity';

export interface QuotedItem extends VignetteItem {
  firstDay: string;
  lastDay: string;
  /** The calendar year whose official price applies. */
  priceYear: number;
  priceHuf: number;
  priceBani: number;
}

export interface Quote {
  items: QuotedItem[];
  totalBani: number;
  rate: ExchangeRate;
}

const VALIDITY_ISSUE: Record<ValidityErrorCode, { field: 'startDate'; code: string }> = {
  START_REQUIRED: { field: 'startDate', code: 'startRequired' },
  START_INVALID: { field: 'startDate', code: 'dateInvalid' },
  START_BEFORE_TODAY: { field: 'startDate', code: 'startBeforeToday' },
  START_TOO_LATE: { field: 'startDate', code: 'startTooLate' },
  YEAR_NOT_ON_SALE: { field: 'startDate', code: 'yearNotOnSale' },
};

/**
 * Prices a cart of validated vignettes as of `now`: each one's validity (docs/domain.md, Periods and validity), its
 * official price for its year, and its amount in bani at the latest rate, with no fee. Rules the schema cannot know (a
 * category no longer sold, a start outside the catalog's bounds, a missing price) fail with 422 naming the item's
 * field.
 */
export async function quoteVignettes(items: VignetteItem[], now: Date): Promise<Quote> {
  const { rate, categories, findPrice } = await quotingCatalog();
  if (!rate) throw new ApiError('UNAVAILABLE', 'No exchange rate is known yet');

  const issues: ErrorIssue[] = [];
  const quoted: QuotedItem[] = [];
  for (const [index, item] of items.entries()) {
    const at = (field: string) => `items.${index}.${field}`;
    const category = categories.find((candidate) => candidate.code === item.categoryCode);
    if (!category?.sellable) {
      issues.push(validationIssue(at('categoryCode'), category ? 'categoryNotSold' : 'categoryUnknown'));
      continue;
    }
    const start = { startDate: item.startDate };
    try {
      checkStart(item.type, start, now);
    } catch (error) {
      if (!(error instanceof ValidityError)) throw error;
      const issue = VALIDITY_ISSUE[error.code];
      issues.push(validationIssue(at(issue.field), issue.code));
      continue;
    }
    const validity = validityOf(item.type, start, now);
    // A yearly vignette runs to 31 January of the next year; its price is that of the year it starts.
    const priceYear =
      Number((isYearly(item.type) ? validity.lastDay : validity.firstDay).slice(0, 4)) -
      (isYearly(item.type) ? 1 : 0);
    const price = await findPrice(item.categoryCode, item.type, priceYear);
    if (!price) {
      issues.push(validationIssue(at('type'), 'priceMissing'));
      continue;
    }
    quoted.push({
      ...item,
      ...validity,
      priceYear,
      priceHuf: price.priceHuf,
      priceBani: hufToBani(price.priceHuf, rate.ron2huf),
    });
  }
  if (issues.length) throw new ApiError('VALIDATION', 'The request has invalid fields', issues);
  return { items: quoted, totalBani: quoted.reduce((sum, item) => sum + item.priceBani, 0), rate };
}

/** The quote's public shape (docs/api.md, Vignette orders): amounts in bani, dates inclusive. */
export const quoteResponse = (quote: Quote) => ({
  items: quote.items.map((item) => ({
    categoryCode: item.categoryCode,
    type: item.type,
    plate: item.plate,
    country: item.country,
    county: item.county,
    firstDay: item.firstDay,
    lastDay: item.lastDay,
    priceHuf: item.priceHuf,
    priceRon: item.priceBani,
  })),
  totalRon: quote.totalBani,
  RON2HUF: quote.rate.ron2huf,
  rateDate: quote.rate.date,
});
