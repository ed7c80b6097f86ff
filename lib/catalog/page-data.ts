import 'server-only';

import { unstable_cache } from 'next/cache';
import { getConfig } from '@/lib/config/env';
import { PRODUCT_LINES, productLineState, type ProductLine } from '@/lib/config/live-mode';
import { getDb, provideReferenceData } from '@/lib/db/client';
import { listTopUpOperators } from '@/lib/topups/catalog';
import { budapestToday } from '@/lib/vignettes/validity';
import { logger } from '@/lib/log/logger';
import { getCatalog } from './catalog';
import { rememberRead, withLastGood } from './last-good';
import { CATALOG_TAG, revalidateCatalogPagesFromBackground } from './page-revalidation';
import { currentBudapestYear, getLatestRate, getPriceTable } from './price-table';
import { REFERENCE_DATA } from './reference-data';

// `next build` prerenders the pages that read through this module from a throwaway database (lib/db/client.ts,
// databaseOptionsFromConfig), seeded with the reference data given here: the database does not import it.
provideReferenceData(REFERENCE_DATA);

/**
 * The catalog as the public pages read it: tagged {@link CATALOG_TAG}, so that a change of prices, top-ups or the rate
 * regenerates every page that shows it (page-revalidation.ts), and the page that reads it takes the tag too. Kept at
 * most an hour besides: the bound of a change made outside the shop (by hand in the database), which nobody announces.
 */
export const CATALOG_PAGE_SECONDS = 3600;

const tagged = { tags: [CATALOG_TAG], revalidate: CATALOG_PAGE_SECONDS };

/** How long after a page was rendered from an old read its pages are regenerated again (lib/catalog/last-good.ts). */
const REGENERATE_AFTER_FALLBACK_MS = 15_000;
const globalForFallback = globalThis as unknown as {
  roadFallbackRegeneration?: ReturnType<typeof setTimeout>;
};

/**
 * A page rendered from an old read is kept for the hour like any other: its pages are regenerated again shortly, and
 * again after that while the database is still away (each render from an old read asks once more).
 */
function regenerateAfterFallback(): void {
  if (globalForFallback.roadFallbackRegeneration) return;
  globalForFallback.roadFallbackRegeneration = setTimeout(() => {
    globalForFallback.roadFallbackRegeneration = undefined;
    revalidateCatalogPagesFromBackground();
  }, REGENERATE_AFTER_FALLBACK_MS);
  globalForFallback.roadFallbackRegeneration.unref?.();
}

/** The keys under which the last good answers are kept: one per read (the catalog's, whatever its day). */
const READ_KEYS = {
  catalog: 'vignette-catalog',
  topUpOperators: 'topup-operators',
  priceTable: (year: number) => `price-table:${year}`,
  latestRate: 'latest-rate',
};

const cachedCatalog = (now: Date) =>
  unstable_cache(() => getCatalog(now), ['vignette-catalog', budapestToday(now)], tagged)();

/**
 * `GET /api/nmps/utils/vignette/catalog`'s answer for today (Budapest), or null before any rate is known. Cached per
 * day: the start-day bounds are the day's, so a page regenerated after midnight never reuses yesterday's. With the
 * database away, the last one read (a start day the order form then checks again against the server).
 */
export const pageCatalog = (now = new Date()) =>
  withLastGood(READ_KEYS.catalog, () => cachedCatalog(now), regenerateAfterFallback);

const cachedTopUpOperators = unstable_cache(
  async () => listTopUpOperators(await getDb()),
  ['topup-operators'],
  tagged,
);

/** The operators on sale with their products on sale, in the shop's order. */
export const pageTopUpOperators = () =>
  withLastGood(READ_KEYS.topUpOperators, () => cachedTopUpOperators(), regenerateAfterFallback);

/** One operator on sale with its products on sale, or undefined. */
export const pageTopUpOperator = async (operatorId: string) =>
  (await pageTopUpOperators()).find((operator) => operator.id === operatorId);

const cachedPriceTable = unstable_cache(async (year: number) => getPriceTable(year), ['price-table'], tagged);

/** The FAQ's price table for a year. */
export const pagePriceTable = (year: number) =>
  withLastGood(READ_KEYS.priceTable(year), () => cachedPriceTable(year), regenerateAfterFallback);

const cachedLatestRate = unstable_cache(async () => getLatestRate(), ['latest-rate'], tagged);

/** The exchange rate in use. */
export const pageLatestRate = () =>
  withLastGood(READ_KEYS.latestRate, () => cachedLatestRate(), regenerateAfterFallback);

/**
 * Reads what the public pages show straight from the database, outside Next's cache, and keeps it as their last good
 * answers: at a server's start and after each catalog change (lib/startup/workers.ts), so that a page regenerated
 * while the database is away has something to show even if no visitor read it since the server started.
 */
export async function rememberCatalogPageData(now = new Date()): Promise<void> {
  const year = currentBudapestYear(now);
  try {
    const db = await getDb();
    // Next year's table too: the FAQ and, in November and December, the yearly vignette's pages show it.
    const [catalog, operators, table, nextTable, rate] = await Promise.all([
      getCatalog(now),
      listTopUpOperators(db),
      getPriceTable(year),
      getPriceTable(year + 1),
      getLatestRate(),
    ]);
    rememberRead(READ_KEYS.catalog, catalog);
    rememberRead(READ_KEYS.topUpOperators, operators);
    rememberRead(READ_KEYS.priceTable(year), table);
    rememberRead(READ_KEYS.priceTable(year + 1), nextTable);
    rememberRead(READ_KEYS.latestRate, rate);
  } catch (error) {
    // The pages' own reads fill it as soon as they succeed.
    logger.warn({ err: error }, 'the catalog pages could not be read ahead');
  }
}

/**
 * Which product lines are sold (lib/config/live-mode.ts), as the pages show it. Read through the catalog's tag, so
 * that a page that shows it is regenerated when a server starts (lib/startup/workers.ts): the build may have
 * prerendered it under another configuration. The configuration is part of the key.
 */
export const pageClosedLines = async (): Promise<ProductLine[]> => {
  const config = getConfig();
  return unstable_cache(
    async () => PRODUCT_LINES.filter((line) => !productLineState(line, config).sold),
    ['closed-lines', config.PAYMENT_PROVIDER, config.VIGNETTE_ISSUER, config.TOPUP_PROVIDER],
    tagged,
  )();
};
