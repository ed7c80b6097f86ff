import { expect, test } from '@playwright/test';
import { DateTime } from 'luxon';
import pg from 'pg';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { adminText, signIn } from './support/back-office';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';
import { createDatabase, postgresUrl } from './support/postgres';
import { startShop, waitUntilHealthy, type ShopProcess } from './support/shop-process';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * A page that fails shows the shop's own error page in the visitor's language (docs/screens.md, Error pages), not
 * Next's English default, without any hook in the shop's code: on a shop of its own, on a PostgreSQL database of its
 * own, a table the pages read is renamed away (not "the database is unavailable": a bug-like failure), and back. A
 * back-office screen that fails keeps the back-office around it.
 */

test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

test('a back-office screen that fails shows its error in the back-office, and "try again" brings it back', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole('button', { name: adminText('shell.signOut') })).toBeVisible();
  // An answer of a shape the screen does not expect (a proxy's page, a server bug): the list is not a list.
  await page.route('**/api/users', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { unexpected: true } }) : route.fallback(),
  );
  await page.goto('/admin/users');
  const failed = page.getByTestId('admin-screen-error');
  await expect(failed).toContainText(adminText('shell.screenError'));
  // The back-office stays around it: its header, the signed-in user, the menu.
  await expect(page.getByRole('button', { name: adminText('shell.signOut') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: adminText('shell.navLabel') })).toBeVisible();

  await page.unroute('**/api/users');
  await failed.getByRole('button', { name: adminText('shell.retry') }).click();
  await expect(page.getByRole('heading', { level: 1, name: adminText('users.title') })).toBeVisible();
  await expect(page.getByTestId('admin-screen-error')).toHaveCount(0);
});

test.describe('public pages on a shop whose table is renamed away', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  // Skipped without TEST_DATABASE_URL because it needs a real PostgreSQL: a table is renamed under a running shop,
  // which PGlite (one process, the shop's own) cannot offer the test. Counted as skipped; `npm test` starts a
  // PostgreSQL when it runs as root, as CI does, so there it always runs.
  test.skip(!postgresUrl, 'needs a real PostgreSQL (TEST_DATABASE_URL is not set)');

  /** Within this part's ports (3250-3299). */
  const SHOP_PORT = 3252;
  const BUYER = { email: 'errors-buyer@example.ro', plate: 'BV34ERR' };

  let shop: ShopProcess;
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let direct: pg.Client;
  let orderId: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    database = await createDatabase('shop_errors');
    shop = startShop(SHOP_PORT, {
      DATABASE_URL: database.url,
      DATA_DIR: undefined,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      RATE_LIMIT_MULTIPLIER: '1000',
    });
    await waitUntilHealthy(shop);
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    const created = await fetch(`${shop.url}/api/nmps/orders/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...XSRF_HEADERS },
      body: JSON.stringify({
        items: [
          {
            categoryCode: 'CAR',
            type: 'WEEK',
            startDate: DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate(),
            plate: BUYER.plate,
            country: 'RO',
          },
        ],
        email: BUYER.email,
        locale: 'ro',
        acceptTerms: true,
      }),
    });
    expect(created.status).toBe(201);
    ({ orderId } = (await created.json()) as { orderId: string });
  });

  test.afterAll(async () => {
    await direct?.query('ALTER TABLE IF EXISTS order_items_away RENAME TO order_items').catch(() => {});
    await shop?.stop();
    await direct?.end();
    await database?.drop();
  });

  const renameItems = (from: string, to: string) => direct.query(`ALTER TABLE ${from} RENAME TO ${to}`);

  test('the error page in the visitor language, "try again" once the table is back, and a log without the buyer', async ({
    page,
  }) => {
    const orderPage = (locale: string) => `${shop.url}/${locale}/order/${orderId}`;
    await page.goto(orderPage('ro'));
    await expect(page.getByTestId('order-status')).toBeVisible();

    const logFrom = shop.output().length;
    await renameItems('order_items', 'order_items_away');
    try {
      // Without JavaScript: Next answers a page that threw with 500 and its empty error document, which the
      // browser fills in from the inline data; the shop's error page is not rendered in it (docs/screens.md, Error
      // pages).
      const bare = await fetch(orderPage('ro'));
      expect(bare.status).toBe(500);
      const bareHtml = await bare.text();
      expect(bareHtml).toContain('<html id="__next_error__"');
      expect(bareHtml).not.toContain('data-testid="error-page"');
      expect(bareHtml).not.toMatch(/<h1[\s>]/);

      // With it: the shop's error page, in the page's language, inside its header and footer.
      for (const [url, locale] of [
        [orderPage('ro'), 'ro'],
        // The other page that reads an order on every visit.
        [`${shop.url}/en/payment/successful?orderId=${orderId}`, 'en'],
        [orderPage('de'), 'de'],
      ] as const) {
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(500);
        const errorPage = page.getByTestId('error-page');
        await expect(errorPage.getByRole('heading', { level: 1 }), url).toHaveText(
          message(locale, 'ErrorPage.heading'),
        );
        await expect(errorPage, url).toContainText(message(locale, 'ErrorPage.paymentSafe'));
        await expect(page.locator('html'), url).toHaveAttribute('lang', locale);
        await expect(page.locator('header[data-chrome]'), url).toBeVisible();
        await expect(page.locator('footer[data-chrome]'), url).toBeVisible();
      }
    } finally {
      await renameItems('order_items_away', 'order_items');
    }

    // The German order page is still showing the error: "try again" renders it again from the server.
    await page.getByRole('button', { name: message('de', 'ErrorPage.retry') }).click();
    await expect(page.getByTestId('order-status')).toBeVisible();
    await expect(page.getByTestId('error-page')).toHaveCount(0);
    await expect(page).toHaveURL(orderPage('de'));

    // The server's log has the failure, with the request's id, and nothing of the buyer's: no e-mail, no plate, no
    // values of the failed statement (which Next itself would print with the error it was given).
    const log = shop.output().slice(logFrom);
    expect(log).toContain('page failed');
    expect(log).toMatch(/relation \\"order_items\\" does not exist/);
    expect(log).toMatch(/"requestId":"[\w.-]{8,}"/);
    expect(log).not.toContain(BUYER.email);
    expect(log).not.toContain(BUYER.plate);
    expect(log).not.toMatch(/params: (?!\[redacted\])/);
  });
});
