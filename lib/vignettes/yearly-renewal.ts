import { budapestToday, sellableYears, validityOf } from './validity';

/** From November a yearly vignette bought now runs only a few months: the buyer is told so before buying it. */
const RENEWAL_NOTICE_FROM_MONTH = 11;

/** What a buyer of a yearly vignette late in the year is told: until when it runs, and next year's sale. */
export interface YearlyRenewal {
  /** The year of the yearly vignette sold now. */
  year: number;
  /** Its last day (YYYY-MM-DD): 31 January of the next year. */
  validUntil: string;
  nextYear: number;
  /** The day next year's yearly vignettes go on sale (YYYY-MM-DD): 1 December. */
  onSaleFrom: string;
  /** Whether they are on sale already (December's pre-sale). */
  onSaleNow: boolean;
}

/** The renewal notice's facts in November and December (Budapest's calendar); undefined earlier in the year. */
export function yearlyRenewal(now: Date): YearlyRenewal | undefined {
  const today = budapestToday(now);
  const year = Number(today.slice(0, 4));
  if (Number(today.slice(5, 7)) < RENEWAL_NOTICE_FROM_MONTH) return undefined;
  return {
    year,
    validUntil: validityOf('YEAR', { year }, now).lastDay,
    nextYear: year + 1,
    onSaleFrom: `${year}-12-01`,
    onSaleNow: sellableYears(now).includes(year + 1),
  };
}

/** Whether staff have set any price for a year's table: only then is it shown to buyers. */
export const hasPrices = (rows: readonly { pricesHuf: Partial<Record<string, number>> }[]) =>
  rows.some((row) => Object.keys(row.pricesHuf).length > 0);

/**
 * What the notice says of next year's yearly vignette: on sale now at its price (December, its price in the
 * catalog), on sale from 1 December at the price staff set, or on sale from then at a price not set yet.
 */
export function nextYearOffer(
  renewal: YearlyRenewal,
  { catalogHuf, tableHuf }: { catalogHuf?: number; tableHuf?: number },
): { text: 'nextNow' | 'nextSoon' | 'nextSoonNoPrice'; priceHuf?: number } {
  const priceHuf = catalogHuf ?? tableHuf;
  if (priceHuf === undefined) return { text: 'nextSoonNoPrice' };
  return { text: renewal.onSaleNow ? 'nextNow' : 'nextSoon', priceHuf };
}
