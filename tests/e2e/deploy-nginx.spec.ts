import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { httpsRequest, NGINX_BINARY, NGINX_MISSING, prepareNginx, type Nginx } from './support/nginx';
import { startBuiltServer, waitUntilHealthy, type ShopProcess } from './support/shop-process';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * docs/deploy/nginx-site.conf, the site the deployment guide gives, run by a real nginx in front of a built server:
 * only its addresses, ports and certificate paths are replaced (tests/e2e/support/nginx.ts). TLS with a certificate
 * made here, the redirect from plain HTTP, the static files cached as immutable, and the client's address as the
 * shop sees it behind one proxy.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

// Skipped, and counted as skipped, only where nginx cannot be had (not root, no apt): `npm test` installs it as root,
// as CI runs, so CI always runs these.
test.skip(!NGINX_BINARY, NGINX_MISSING);

const SHOP_PORT = 3540;
const HTTP_PORT = 3541;
const HTTPS_PORT = 3542;

let shop: ShopProcess;
let nginx: Nginx;

const get = (url: string, headers: Record<string, string> = {}, method = 'GET', body?: string) =>
  httpsRequest(url, { certificate: nginx.certificate, headers, method, body });

test.beforeAll(async () => {
  nginx = prepareNginx({ upstreams: [{ port: SHOP_PORT }], httpPort: HTTP_PORT, httpsPort: HTTPS_PORT });
  shop = startBuiltServer(SHOP_PORT, {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'road-nginx-data-')),
    SITE_URL: `https://localhost:${HTTPS_PORT}`,
    TRUSTED_PROXY_HOPS: '1',
    SMTP_URL: undefined,
    LOG_LEVEL: 'info',
  });
  await waitUntilHealthy(shop);
});

test.afterAll(async () => {
  await nginx?.stop();
  await shop?.stop();
});

test('the documented site passes nginx\u2019s own check, and nginx serves with it', async () => {
  expect(nginx.check()).toBe('');
  nginx.start();
  await expect
    .poll(
      async () =>
        (await get(`https://localhost:${HTTPS_PORT}/api/health`).catch(() => ({ status: 0 }))).status,
    )
    .toBe(200);
});

test('plain HTTP is redirected to HTTPS; pages come through TLS; static files are cached as immutable', async () => {
  const plain = await fetch(`http://127.0.0.1:${HTTP_PORT}/ro/faq`, { redirect: 'manual' });
  expect(plain.status).toBe(301);
  expect(plain.headers.get('location')).toBe(`https://localhost/ro/faq`);

  const page = await get(`https://localhost:${HTTPS_PORT}/ro`);
  expect(page.status).toBe(200);
  expect(page.body).toContain('<html lang="ro"');
  const script = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(page.body)?.[1];
  expect(script).toBeDefined();
  const asset = await get(`https://localhost:${HTTPS_PORT}${script}`);
  expect(asset.status).toBe(200);
  expect(String(asset.headers['cache-control'])).toContain('max-age=31536000');
  expect(String(asset.headers['cache-control'])).toContain('immutable');
});

test('behind one trusted proxy the shop sees the client\u2019s address, never one the client wrote', async () => {
  const refused = await get(
    `https://localhost:${HTTPS_PORT}/api/login`,
    { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', ...XSRF_HEADERS },
    'POST',
    JSON.stringify({ username: 'nobody-behind-nginx', password: 'not-the-password' }),
  );
  expect(refused.status).toBe(401);
  // The log names the address and whether the user exists, never the name typed (a mistyped password, at times).
  const signInFailed = () =>
    shop
      .standardOutput()
      .split('\n')
      .find((entry) => entry.includes('"sign-in failed"'));
  await expect.poll(signInFailed).toBeDefined();
  const line = signInFailed()!;
  expect(JSON.parse(line)).toMatchObject({ address: '127.0.0.1', knownUser: false });
  expect(line).not.toContain('nobody-behind-nginx');
  expect(line).not.toContain('203.0.113.9');
});
