import 'server-only';

import { and, asc, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { budapestToday } from '@/lib/vignettes/validity';
import { exchangeRates, vignetteCategories, vignettePrices } from '@/lib/db/schema';
import type { VignetteType } from '@/lib/vignettes/periods';

export interface PriceTableRow {
  code: string;
  title: string;
  sellable: boolean;
  /** Forints per period type; a missing type has no price this year. */
  pricesHuf: Partial<Record<VignetteType, number>>;
}

export interface ExchangeRate {
  ron2huf: number;
  date: string;
  source: string;
}

/** The calendar year in Hungary, whose official prices apply. */
export const currentBudapestYear = (now = new Date()) => Number(budapestToday(now).slice(0, 4));

/**
 * The order that makes the first `exchange_rates` row the one in use: the row written last, whatever its source and
 * day. A rate staff set by hand (ADMIN) therefore wins over the feed's rate of the same day, and the feed's next new
 * value wins over it again; the feed never rewrites a day it has (lib/startup/workers.ts).
 */
export const RATE_IN_USE_FIRST = [desc(exchangeRates.createdAt), desc(exchangeRates.id)] as const;

/** The exchange rate in use (forints per leu), or null before any is known. */
export async function getLatestRate(): Promise<ExchangeRate | null> {
  const db = await getDb();
  const [rate] = await db
    .select()
    .from(exchangeRates)
    .orderBy(...RATE_IN_USE_FIRST)
    .limit(1);
  return rate ? { ron2huf: Number(rate.ron2huf), date: rate.rateDate, source: rate.source } : null;
}

/** Every category with its prices for a year, in the catalog's order. */
export async function getPriceTable(year: number): Promise<PriceTableRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      code: vignetteCategories.code,
      title: vignetteCategories.title,
      sellable: vignetteCategories.sellable,
      type: vignettePrices.type,
      priceHuf: vignettePrices.priceHuf,
    })
    .from(vignetteCategories)
    .leftJoin(
      vignettePrices,
      and(eq(vignettePrices.categoryCode, vignetteCategories.code), eq(vignettePrices.year, year)),
    )
    .orderBy(asc(vignetteCategories.sortOrder));

  const byCode = new Map<string, PriceTableRow>();
  for (const row of rows) {
    const entry = byCode.get(row.code) ?? {
      code: row.code,
      title: row.title,
      sellable: row.sellable,
      pricesHuf: {},
    };
    if (row.type && row.priceHuf !== null) entry.pricesHuf[row.type] = row.priceHuf;
    byCode.set(row.code, entry);
  }
  return [...byCode.values()];
}

/** Forints to whole lei, as the FAQ table shows them (docs/domain.md, Money: HUF / RON2HUF, no decimals). */
export const hufToWholeRon = (priceHuf: number, ron2huf: number) => Math.round(priceHuf / ron2huf);
