import { expect, test } from '@playwright/test';
import pg from 'pg';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { createDatabase, postgresUrl } from './support/postgres';
import { startShop, waitUntilHealthy } from './support/shop-process';

test.describe.configure({ timeout: 300_000 });
// A shop on a real PostgreSQL, because the test must write to the database while the shop runs (PGlite serves
// one process). Skipped, and counted as skipped, only where no PostgreSQL server is configured.
test.skip(!postgresUrl, 'TEST_DATABASE_URL is not set');

test('the FAQ price table shows a price changed in the database once the change is announced on the channel', async () => {
  const database = await createDatabase('shop_faq');
  const shop = startShop(3107, { DATABASE_URL: database.url, DATA_DIR: undefined });
  const db = new pg.Client({ connectionString: database.url });
  // The U (trailer) monthly cell: asserted by no other test, since all servers of a run share .next's page cache.
  const trailerMonth = async () => {
    const html = await (await fetch(`${shop.url}/ro/faq/viniete-prices`)).text();
    return html.match(/<tr data-category="TRAIL">.*?data-type="MONTH"><span[^>]*>([\d.]+)<!-- --> HUF/)?.[1];
  };
  try {
    await waitUntilHealthy(shop);
    expect(await trailerMonth()).toBe('11.170');

    await db.connect();
    await db.query(
      "update vignette_prices set price_huf = 12345 where category_code = 'TRAIL' and type = 'MONTH' and year = $1",
      [
        Number(
          new Intl.DateTimeFormat('en', { timeZone: VIGNETTE_TIME_ZONE, year: 'numeric' }).format(new Date()),
        ),
      ],
    );
    // A change made outside the shop is announced as the shop's servers announce theirs (CATALOG_CHANGED_CHANNEL of
    // lib/catalog/catalog-changes.ts, a server-only module); unannounced, it waits for the pages' hourly regeneration.
    await db.query('select pg_notify($1, $2)', ['catalog_changed', '']);
    await expect.poll(trailerMonth, { timeout: 60_000, intervals: [1_000] }).toBe('12.345');
  } finally {
    await db.end().catch(() => {});
    await shop.stop();
    await database.drop();
  }
});
