import 'server-only';

import { unstable_cache } from 'next/cache';
import { getConfig } from '@/lib/config/env';
import { PRODUCT_LINES, productLineState, type ProductLine } from '@/lib/config/live-mode';
import { getDb } from '@/lib/db/client';
import { listTopUpOperators } from '@/lib/topups/catalog';
import { budapestToday } from '@/lib/vignettes/validity';
import { getCatalog } from './catalog';
import { CATALOG_TAG } from './page-revalidation';
import { getLatestRate, getPriceTable } from './price-table';

/**
 * The catalog as the public pages read it: tagged {@link CATALOG_TAG}, so that a change of prices, top-ups or the rate
 * regenerates every page that shows it (page-revalidation.ts), and the page that reads it takes the tag too. Kept at
 * most an hour besides: the bound of a change made outside the shop (by hand in the database), which nobody announces.
 */
export const CATALOG_PAGE_SECONDS = 3600;

const tagged = { tags: [CATALOG_TAG], revalidate: CATALOG_PAGE_SECONDS };

/**
 * `GET /api/nmps/utils/vignette/catalog`'s answer for today (Budapest), or null before any rate is known. Cached per
 * day: the start-day bounds are the day's, so a page regenerated after midnight never reuses yesterday's.
 */
export const pageCatalog = (now = new Date()) =>
  unstable_cache(() => getCatalog(now), ['vignette-catalog', budapestToday(now)], tagged)();

/** The operators on sale with their products on sale, in the shop's order. */
export const pageTopUpOperators = unstable_cache(
  async () => listTopUpOperators(await getDb()),
  ['topup-operators'],
  tagged,
);

/** One operator on sale with its products on sale, or undefined. */
export const pageTopUpOperator = async (operatorId: string) =>
  (await pageTopUpOperators()).find((operator) => operator.id === operatorId);

/** The FAQ's price table for a year. */
export const pagePriceTable = unstable_cache(
  async (year: number) => getPriceTable(year),
  ['price-table'],
  tagged,
);

/** The exchange rate in use. */
export const pageLatestRate = unstable_cache(async () => getLatestRate(), ['latest-rate'], tagged);

/**
 * Which product lines are sold (lib/config/live-mode.ts), as the pages show it. Read through the catalog's tag, so
 * that a page that shows it is regenerated when a server starts (lib/server/workers.ts): the build may have
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
