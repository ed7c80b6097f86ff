import { expect, test } from '@playwright/test';
import pg from 'pg';
import { formatHuf } from '@/lib/i18n/format';
import { createDatabase, postgresUrl } from './support/postgres';
import { startShop, waitUntilHealthy } from './support/shop-process';
import { XSRF_HEADERS } from './support/xsrf';

// Two servers on one PostgreSQL, each with its own page cache: a price changed on one must reach the other's
// prerendered pages through the catalog channel (lib/catalog/catalog-changes.ts), also after the other lost its
// listening connection. Ports: the servers 3820 and 3821 (this part's range).
test.describe.configure({ timeout: 300_000 });
// Two servers need a real PostgreSQL (PGlite serves one process): skipped, and counted as skipped, only where none is
// configured. `npm test` installs and starts one when it runs as root, as CI does.
test.skip(!postgresUrl, 'TEST_DATABASE_URL is not set');

const ADMIN = { username: 'pages-admin', password: 'pages-admin-password' };

test('a price changed on one server is on the other server’s FAQ table and product page within a minute, also after its listener reconnected', async () => {
  const database = await createDatabase('shop_pages');
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: undefined,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const servers = [startShop(3820, env), startShop(3821, env)];
  const db = new pg.Client({ connectionString: database.url });
  try {
    await Promise.all(servers.map((server) => waitUntilHealthy(server)));
    await db.connect();
    const [a, b] = servers.map((server) => server.url) as [string, string];

    const signedIn = await fetch(`${a}/api/login`, {
      method: 'POST',
      headers: { ...XSRF_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signedIn.status).toBe(200);
    const staff = {
      ...XSRF_HEADERS,
      'content-type': 'application/json',
      authorization: signedIn.headers.get('authorization')!,
    };
    const year = Number(
      ((await (await fetch(`${a}/api/nmps/utils/vignette/catalog`)).json()) as { date: string }).date.slice(
        0,
        4,
      ),
    );
    const setMotorMonth = async (priceHuf: number) => {
      const response = await fetch(`${a}/api/admin/catalog/vignette-prices`, {
        method: 'PUT',
        headers: staff,
        body: JSON.stringify({ year, prices: [{ categoryCode: 'MOTOR', type: 'MONTH', priceHuf }] }),
      });
      expect(response.status).toBe(200);
    };

    // Server B's own copies, as a buyer's request there sees them.
    const faqCell = async () => {
      const html = await (await fetch(`${b}/ro/faq/viniete-prices`)).text();
      return html.match(
        /<tr data-category="MOTOR">.*?data-type="MONTH"><span[^>]*>([\d.]+)<!-- --> HUF/s,
      )?.[1];
    };
    const productPageShows = async (priceHuf: number) => {
      const html = await (await fetch(`${b}/ro/vignette/motor`)).text();
      return html.replaceAll('<!-- -->', '').includes(formatHuf(priceHuf, 'ro'));
    };
    const figure = (priceHuf: number) => formatHuf(priceHuf, 'ro').replace(/\D*$/, '').trim();
    const poll = { timeout: 60_000, intervals: [1_000] };

    const before = await faqCell();
    expect(before).toBeTruthy();
    expect(before).not.toBe(figure(12_345));
    expect(await productPageShows(12_345)).toBe(false);
    await setMotorMonth(12_345);
    await expect.poll(faqCell, poll).toBe(figure(12_345));
    await expect.poll(() => productPageShows(12_345), poll).toBe(true);

    // B's listening connection is cut (a failover, an idle timeout): it connects again and catches up.
    const cut = await db.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'",
    );
    expect(cut.rowCount).toBeGreaterThanOrEqual(2);
    await setMotorMonth(12_346);
    await expect.poll(faqCell, poll).toBe(figure(12_346));
    await expect.poll(() => productPageShows(12_346), poll).toBe(true);

    // The control: B serves its cached copy of a change nobody announced, until it is announced.
    await db.query(
      "update vignette_prices set price_huf = 12347 where category_code = 'MOTOR' and type = 'MONTH' and year = $1",
      [year],
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await faqCell()).toBe(figure(12_346));
    await db.query("select pg_notify('catalog_changed', '')");
    await expect.poll(faqCell, poll).toBe(figure(12_347));
  } finally {
    await db.end().catch(() => {});
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
});
