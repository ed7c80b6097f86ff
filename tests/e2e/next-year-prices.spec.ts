import { expect, test } from '@playwright/test';
import pg from 'pg';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { createDatabase, postgresUrl } from './support/postgres';
import { startShop, waitUntilHealthy } from './support/shop-process';

test.describe.configure({ timeout: 300_000 });
// As faq-live-prices.spec.ts: the price is written to the database while the shop runs, so PostgreSQL.
// Skipped, and counted as skipped, only where none is configured; `npm test` starts one as root, as CI runs.
test.skip(!postgresUrl, 'TEST_DATABASE_URL is not set');

const budapest = (part: 'year' | 'month') =>
  Number(
    new Intl.DateTimeFormat('en', { timeZone: VIGNETTE_TIME_ZONE, [part]: 'numeric' }).format(new Date()),
  );

test('a price staff set for next year is public: the FAQ shows next year’s table, the car page names it late in the year', async () => {
  const database = await createDatabase('shop_next_year');
  const shop = startShop(3108, { DATABASE_URL: database.url, DATA_DIR: undefined });
  const db = new pg.Client({ connectionString: database.url });
  const nextYear = budapest('year') + 1;
  const faq = async () => (await fetch(`${shop.url}/en/faq/viniete-prices`)).text();
  try {
    await waitUntilHealthy(shop);
    expect(await faq()).not.toContain(`prices for ${nextYear}`);

    await db.connect();
    await db.query(
      "insert into vignette_prices (category_code, type, year, price_huf) values ('CAR', 'YEAR', $1, 63500)",
      [nextYear],
    );
    await db.query('select pg_notify($1, $2)', ['catalog_changed', '']);
    await expect
      .poll(faq, { timeout: 60_000, intervals: [1_000] })
      .toContain(`Hungarian e-vignette prices for ${nextYear}`);

    // In November and December the yearly vignette's buyer is told until when it runs and next year's price.
    if (budapest('month') >= 11) {
      const carPage = async () => (await fetch(`${shop.url}/en/vignette/car`)).text();
      await expect.poll(carPage, { timeout: 60_000, intervals: [1_000] }).toContain('63,500');
      const html = await carPage();
      expect(html).toContain(`valid until January 31, ${nextYear}`);
      expect(html).toContain(`The ${nextYear} yearly vignette`);
    }
  } finally {
    await db.end().catch(() => {});
    await shop.stop();
    await database.drop();
  }
});
