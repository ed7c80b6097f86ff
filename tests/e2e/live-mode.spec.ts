import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { API_ROUTE_METHODS } from '@/lib/api/routes';
import { copyOfBuild, startBuiltServer, waitUntilHealthy, type ShopProcess } from './support/shop-process';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * Live mode (PAYMENT_PROVIDER=netopia) with the vignette issuer and the top-up provider still the built-in sandboxes:
 * the shop starts, sells nothing it cannot deliver, and no sandbox answers. A server of the suite's build on a port
 * of its own; "Netopia" is a listener on loopback that counts the connections made to it.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PORT = 3520;
const PHONE = { width: 375, height: 740 };

let shop: ShopProcess;
/**
 * The live server's own copy of the build: it regenerates every page closed at start, into the build's folder, and the
 * suite's main server (sandbox, every line sold) must never serve those.
 */
let release: ReturnType<typeof copyOfBuild>;
let dataDir: string;
let netopia: net.Server;
let netopiaConnections = 0;

test.beforeAll(async () => {
  netopia = net.createServer((socket) => {
    netopiaConnections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => netopia.listen(0, '127.0.0.1', resolve));
  const { port } = netopia.address() as net.AddressInfo;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-live-'));
  release = copyOfBuild();
  shop = startBuiltServer(
    PORT,
    {
      DATA_DIR: dataDir,
      SITE_URL: `http://localhost:${PORT}`,
      PAYMENT_PROVIDER: 'netopia',
      NETOPIA_API_URL: `https://127.0.0.1:${port}`,
      NETOPIA_API_KEY: 'live-key',
      NETOPIA_POS_SIGNATURE: 'LIVE-POS',
      NETOPIA_PUBLIC_KEY: 'live-public-key',
      JWT_SECRET: 'a-live-e2e-secret-long-enough-for-the-rule',
      EFACTURA_PROVIDER: 'off',
      VIGNETTE_ISSUER: undefined,
      TOPUP_PROVIDER: undefined,
      SMTP_URL: undefined,
    },
    [],
    release.dir,
  );
  await waitUntilHealthy(shop);
  // The build prerendered the pages in sandbox mode; the server regenerates them at start, in the background.
  await expect
    .poll(async () => (await fetch(`${shop.url}/ro/vignette/car`)).text(), { timeout: 60_000 })
    .toContain('data-testid="product-line-closed"');
});

test.afterAll(async () => {
  await shop?.stop();
  await new Promise((resolve) => netopia?.close(resolve));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  release?.remove();
});

test('the start-up refuses, naming the variable, e-Factura left on the sandbox or a provider without its credential', async () => {
  const live = {
    DATA_DIR: dataDir,
    PAYMENT_PROVIDER: 'netopia',
    NETOPIA_API_URL: 'https://127.0.0.1:9',
    NETOPIA_API_KEY: 'live-key',
    NETOPIA_POS_SIGNATURE: 'LIVE-POS',
    NETOPIA_PUBLIC_KEY: 'live-public-key',
    JWT_SECRET: 'a-live-e2e-secret-long-enough-for-the-rule',
  };
  for (const { env, refused } of [
    { env: { EFACTURA_PROVIDER: undefined }, refused: /EFACTURA_PROVIDER must be "anaf"/ },
    { env: { EFACTURA_PROVIDER: 'sandbox' }, refused: /EFACTURA_PROVIDER must be "anaf"/ },
    {
      env: {
        EFACTURA_PROVIDER: 'off',
        VIGNETTE_ISSUER: 'http',
        VIGNETTE_ISSUER_URL: 'https://issuer.example/v1',
      },
      refused: /VIGNETTE_ISSUER_TOKEN is required when VIGNETTE_ISSUER=http/,
    },
    {
      env: {
        EFACTURA_PROVIDER: 'off',
        TOPUP_PROVIDER: 'reloadly',
        RELOADLY_CLIENT_ID: 'id',
        RELOADLY_CLIENT_SECRET: 's',
        RELOADLY_API_URL: 'http://topups.example',
      },
      refused: /RELOADLY_API_URL must be an https URL when TOPUP_PROVIDER=reloadly/,
    },
  ]) {
    const refusedShop = startBuiltServer(PORT + 1, { ...live, ...env, SMTP_URL: undefined }, [], release.dir);
    expect(await refusedShop.exited).toBe(1);
    expect(refusedShop.errorOutput()).toMatch(refused);
  }
});

test('the start-up says which lines are not sold and what to set', () => {
  expect(shop.errorOutput()).toContain('vignettes are NOT SOLD online: VIGNETTE_ISSUER');
  expect(shop.errorOutput()).toContain('top-ups are NOT SOLD online: TOPUP_PROVIDER');
  expect(shop.errorOutput()).toContain('EFACTURA_PROVIDER=off');
  expect(shop.errorOutput()).not.toContain('SIMULATED');
});

const closedPage = async (page: Page, url: string) => {
  await page.setViewportSize(PHONE);
  const response = await page.goto(`${shop.url}${url}`);
  expect(response?.status(), url).toBe(200);
  const notice = page.getByTestId('product-line-closed');
  await expect(notice).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(results.violations, url).toEqual([]);
  return notice;
};

for (const { locale, badge, call } of [
  { locale: 'ro', badge: 'Momentan nu se vinde online', call: 'Asistență telefonică' },
  { locale: 'hu', badge: 'Jelenleg online nem vásárolható', call: 'Telefonos ügyfélszolgálat' },
]) {
  test(`${locale}: a closed vignette page keeps its prices, says so with the call centre's number, its form disabled`, async ({
    page,
  }) => {
    const notice = await closedPage(page, `/${locale}/vignette/car`);
    await expect(notice).toContainText(badge);
    await expect(notice).toContainText(call);
    await expect(notice.getByRole('link', { name: '+40 354 400 500' })).toHaveAttribute(
      'href',
      'tel:+40354400500',
    );
    // The form is there, with its prices, and nothing in it can be used.
    const form = page.getByTestId('closed-form');
    await expect(form).toHaveAttribute('disabled', '');
    await expect(page.locator('[data-testid="closed-form"] :is(input, button, select):enabled')).toHaveCount(
      0,
    );
    await expect(page.locator('main')).toContainText(/\d\s(lei|RON)/);
  });

  test(`${locale}: a closed top-up page says so, its form disabled; the home grid and the sections mark both lines`, async ({
    page,
  }) => {
    const notice = await closedPage(page, `/${locale}/prepay/orange`);
    await expect(notice).toContainText(badge);
    await expect(page.locator('[data-testid="closed-form"] :is(input, button, select):enabled')).toHaveCount(
      0,
    );
    await closedPage(page, `/${locale}/prepay`);
    await closedPage(page, `/${locale}/vignette`);
    await page.goto(`${shop.url}/${locale}`);
    await expect(page.getByTestId('line-closed-badge')).toHaveCount(2);
  });
}

test('the quote and the orders answer 503 PRODUCT_LINE_CLOSED, and the payment provider is never called', async () => {
  const post = (url: string, body: unknown) =>
    fetch(`${shop.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...XSRF_HEADERS },
      body: JSON.stringify(body),
    });
  for (const url of ['/api/nmps/orders/quote', '/api/nmps/orders/order', '/api/eps/order']) {
    const answer = await post(url, { items: [], email: 'driver@example.ro' });
    expect(answer.status, url).toBe(503);
    expect((await answer.json()).error.code, url).toBe('PRODUCT_LINE_CLOSED');
  }
  expect(netopiaConnections).toBe(0);
});

test('every sandbox route of the route table, and the sandbox card form, answer 404', async () => {
  const sandboxRoutes = Object.entries(API_ROUTE_METHODS).filter(([route]) => route.includes('sandbox'));
  // The payment, e-Factura, issuer and top-up sandboxes: a new one is listed here by the table itself.
  expect(sandboxRoutes.length).toBeGreaterThanOrEqual(8);
  for (const [route, methods] of sandboxRoutes) {
    const url = `${shop.url}${route.replace(/\[[^/\]]+\]/g, 'some-id')}`;
    for (const method of methods) {
      const answer = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', ...XSRF_HEADERS },
        body: method === 'GET' ? undefined : '{}',
      });
      expect(answer.status, `${method} ${route}`).toBe(404);
    }
  }
  for (const page of ['/sandbox-pay/some-payment', '/sandbox-pay/some-payment/3ds']) {
    expect((await fetch(`${shop.url}${page}`)).status, page).toBe(404);
  }
  expect(netopiaConnections).toBe(0);
});
