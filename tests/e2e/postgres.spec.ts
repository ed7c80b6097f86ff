import { expect, test } from '@playwright/test';
import pg from 'pg';
import { createDatabase, postgresUrl } from './support/postgres';
import { startShop, waitUntilHealthy } from './support/shop-process';

test.describe.configure({ timeout: 240_000 });

// Skipped (and counted as skipped) only where no PostgreSQL server is configured; `npm test` starts one as root.
test.skip(!postgresUrl, 'TEST_DATABASE_URL is not set');

test('with DATABASE_URL the shop migrates a real PostgreSQL and answers /api/health', async () => {
  const database = await createDatabase('shop_e2e');

  // Two servers on one PostgreSQL, as in a scaled-out deployment: both migrate and seed without conflict.
  const shops = [3105, 3106].map((port) =>
    startShop(port, { DATABASE_URL: database.url, DATA_DIR: undefined }),
  );
  try {
    await Promise.all(shops.map((shop) => waitUntilHealthy(shop)));
    for (const shop of shops) {
      const response = await fetch(`${shop.url}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    }
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const tables = await db.query(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    const admins = await db.query("select count(*)::int as n from users where role_name = 'ADMIN'");
    const prices = await db.query('select count(*)::int as n from vignette_prices');
    await db.end();
    expect(tables.rows[0].n).toBeGreaterThanOrEqual(6);
    expect(admins.rows[0].n).toBe(1);
    expect(prices.rows[0].n).toBe(20);
  } finally {
    await Promise.all(shops.map((shop) => shop.stop()));
    await database.drop();
  }
});
