import 'server-only';

import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { vignetteCategories, vignettePrices } from '@/lib/db/schema';
import { HUNGARIAN_COUNTIES } from '@/lib/vignettes/counties';
import { isYearly, VIGNETTE_TYPES, type VignetteType } from '@/lib/vignettes/periods';
import { budapestToday, purchaseWindow, sellableYears, validityOf } from '@/lib/vignettes/validity';
import { getLatestRate, type ExchangeRate } from './price-table';
import { cachedRead } from './process-cache';

/** The types the spec's price API speaks, in its order (docs/api.md, Catalogue). */
const PRICE_API_TYPES = ['WEEK', 'MONTH', 'YEAR'] as const;

export type VignettePrices = Record<string, { type: (typeof PRICE_API_TYPES)[number]; price: number }[]>;

/**
 * `GET /api/nmps/utils/vignette/prices`: every category code, each with its WEEK, MONTH and YEAR prices in forints
 * for the year; a category that is no longer sold has an empty list.
 */
export async function getVignettePrices(year: number): Promise<VignettePrices> {
  const db = await getDb();
  const [categories, prices] = await Promise.all([
    db.select().from(vignetteCategories).orderBy(asc(vignetteCategories.sortOrder)),
    db
      .select()
      .from(vignettePrices)
      .where(and(eq(vignettePrices.year, year), inArray(vignettePrices.type, [...PRICE_API_TYPES]))),
  ]);
  return Object.fromEntries(
    categories.map((category) => [
      category.code,
      category.sellable
        ? PRICE_API_TYPES.flatMap((type) => {
            const row = prices.find((price) => price.categoryCode === category.code && price.type === type);
            return row ? [{ type, price: row.priceHuf }] : [];
          })
        : [],
    ]),
  );
}

/** Forints to bani at a rate, rounded to the ban (docs/domain.md, Money: no extra fee). */
export const hufToBani = (priceHuf: number, ron2huf: number) => Math.round((priceHuf * 100) / ron2huf);

export interface CatalogPrice {
  categoryCode: string;
  type: VignetteType;
  year: number;
  priceHuf: number;
}

/** The price of one product for a year, or undefined when the category is not sold or has no price. */
export async function findPrice(
  categoryCode: string,
  type: VignetteType,
  year: number,
): Promise<CatalogPrice | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ priceHuf: vignettePrices.priceHuf, sellable: vignetteCategories.sellable })
    .from(vignettePrices)
    .innerJoin(vignetteCategories, eq(vignetteCategories.code, vignettePrices.categoryCode))
    .where(
      and(
        eq(vignettePrices.categoryCode, categoryCode),
        eq(vignettePrices.type, type),
        eq(vignettePrices.year, year),
      ),
    );
  return row?.sellable ? { categoryCode, type, year, priceHuf: row.priceHuf } : undefined;
}

/**
 * The rate, the categories and a year's prices as every quote and order reads them: from the process cache
 * (process-cache.ts), read again after a few seconds or at once when this process records a new rate. Prices and
 * rates change a few times a year and once a day; quotes run many times a second.
 */
export async function quotingCatalog() {
  const db = await getDb();
  const pricesOf = (year: number) =>
    // async: a drizzle query is a lazy thenable that runs again at every await; the cache must keep its one result.
    cachedRead(db, `prices:${year}`, async () =>
      db
        .select({
          categoryCode: vignettePrices.categoryCode,
          type: vignettePrices.type,
          priceHuf: vignettePrices.priceHuf,
        })
        .from(vignettePrices)
        .where(eq(vignettePrices.year, year)),
    );
  const [rate, categories] = await Promise.all([
    cachedRead(db, 'rate', getLatestRate),
    cachedRead(db, 'categories', getCategories),
  ]);
  return {
    rate,
    categories,
    /** As {@link findPrice}: undefined when the category is not sold or has no price that year. */
    async findPrice(
      categoryCode: string,
      type: VignetteType,
      year: number,
    ): Promise<CatalogPrice | undefined> {
      const sellable = categories.find((category) => category.code === categoryCode)?.sellable;
      const row = (await pricesOf(year)).find(
        (price) => price.categoryCode === categoryCode && price.type === type,
      );
      return row && sellable ? { categoryCode, type, year, priceHuf: row.priceHuf } : undefined;
    },
  };
}

export interface CategoryInfo {
  code: string;
  title: string;
  sellable: boolean;
  notSoldReason: string | null;
}

export async function getCategories(): Promise<CategoryInfo[]> {
  const db = await getDb();
  return db
    .select({
      code: vignetteCategories.code,
      title: vignetteCategories.title,
      sellable: vignetteCategories.sellable,
      notSoldReason: vignetteCategories.notSoldReason,
    })
    .from(vignetteCategories)
    .orderBy(asc(vignetteCategories.sortOrder));
}

export async function getPricesForYears(years: number[]) {
  const db = await getDb();
  return db.select().from(vignettePrices).where(inArray(vignettePrices.year, years));
}

export { getLatestRate, type ExchangeRate };

export interface CatalogProduct {
  categoryCode: string;
  type: VignetteType;
  /** The calendar year whose price applies (for yearly vignettes: the vignette's year). */
  year: number;
  priceHuf: number;
  /** In bani, at the catalog's rate. */
  priceRon: number;
  earliestStart: string;
  latestStart: string;
}

export interface Catalog {
  date: string;
  RON2HUF: number;
  rateDate: string;
  categories: CategoryInfo[];
  counties: readonly { id: string; name: string }[];
  products: CatalogProduct[];
}

/**
 * `GET /api/nmps/utils/vignette/catalog`: every product that can be bought now, with its price and the first and
 * last start day a buyer may choose; yearly vignettes once per year on sale (two in December's pre-sale).
 */
export async function getCatalog(now: Date): Promise<Catalog | null> {
  const [rate, categories] = await Promise.all([getLatestRate(), getCategories()]);
  if (!rate) return null;
  const years = sellableYears(now);
  const window = (type: VignetteType) => purchaseWindow(type, now);
  const short = window('WEEK');
  const priceYears = [
    ...new Set([...years, Number(short.earliestStart.slice(0, 4)), Number(short.latestStart.slice(0, 4))]),
  ];
  const prices = await getPricesForYears(priceYears);
  const today = budapestToday(now);

  const products: CatalogProduct[] = [];
  for (const category of categories.filter((candidate) => candidate.sellable)) {
    for (const row of prices.filter((price) => price.categoryCode === category.code)) {
      const type = row.type;
      const yearly = isYearly(type);
      if (yearly && !years.includes(row.year)) continue;
      // Short vignettes are priced by their start day's year: this year's price while the window lies in it.
      if (!yearly && row.year !== Number(today.slice(0, 4))) continue;
      const start = yearly ? validityOf(type, { year: row.year }, now).firstDay : undefined;
      const bounds = yearly ? { earliestStart: start!, latestStart: start! } : window(type);
      products.push({
        categoryCode: category.code,
        type,
        year: row.year,
        priceHuf: row.priceHuf,
        priceRon: hufToBani(row.priceHuf, rate.ron2huf),
        ...bounds,
      });
    }
  }
  products.sort(
    (a, b) =>
      categories.findIndex((c) => c.code === a.categoryCode) -
        categories.findIndex((c) => c.code === b.categoryCode) ||
      VIGNETTE_TYPES.indexOf(a.type) - VIGNETTE_TYPES.indexOf(b.type) ||
      a.year - b.year,
  );
  return {
    date: today,
    RON2HUF: rate.ron2huf,
    rateDate: rate.date,
    categories,
    counties: HUNGARIAN_COUNTIES,
    products,
  };
}
