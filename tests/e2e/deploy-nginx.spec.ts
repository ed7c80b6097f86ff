import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { formatHuf } from '@/lib/i18n/format';
import { PUBLIC_PAGE_CACHE_CONTROL, PUBLIC_PAGE_SHARED_CACHE_BOUND_SECONDS } from '@/lib/server/shared-cache';
import { httpsRequest, NGINX_BINARY, NGINX_MISSING, prepareNginx, type Nginx } from './support/nginx';
import { copyOfBuild, startBuiltServer, waitUntilHealthy, type ShopProcess } from './support/shop-process';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * docs/deploy/nginx-site.conf, the site the deployment guide gives, run by a real nginx in front of a built server:
 * only its addresses, ports and certificate paths are replaced (tests/e2e/support/nginx.ts). TLS with a certificate
 * made here, the redirect from plain HTTP, the static files cached as immutable, the client's address as the
 * shop sees it behind one proxy, and the page cache (docs/decisions/0025-public-pages-micro-cached.md).
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

// Skipped, and counted as skipped, only where nginx cannot be had (not root, no apt): `npm test` installs it as root,
// as CI runs, so CI always runs these.
test.skip(!NGINX_BINARY, NGINX_MISSING);

const SHOP_PORT = 3540;
const HTTP_PORT = 3541;
const HTTPS_PORT = 3542;
/** A stand-in shop for what the real one never sends (a shared-cacheable answer with Set-Cookie), with its nginx. */
const STUB_PORT = 3543;
const STUB_HTTP_PORT = 3544;
const STUB_HTTPS_PORT = 3545;
const ADMIN = { username: 'nginx-admin', password: 'nginx-admin-password' };

let shop: ShopProcess;
let nginx: Nginx;
// Its own copy of the build: this server regenerates pages (a price is changed below) into its `.next`, which the
// suite's main server must not serve.
let release: ReturnType<typeof copyOfBuild>;

const get = (url: string, headers: Record<string, string> = {}, method = 'GET', body?: string) =>
  httpsRequest(url, { certificate: nginx.certificate, headers, method, body });

test.beforeAll(async () => {
  nginx = prepareNginx({ upstreams: [{ port: SHOP_PORT }], httpPort: HTTP_PORT, httpsPort: HTTPS_PORT });
  release = copyOfBuild();
  shop = startBuiltServer(
    SHOP_PORT,
    {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'road-nginx-data-')),
      SITE_URL: `https://localhost:${HTTPS_PORT}`,
      TRUSTED_PROXY_HOPS: '1',
      SMTP_URL: undefined,
      LOG_LEVEL: 'info',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    [],
    release.dir,
  );
  await waitUntilHealthy(shop);
});

test.afterAll(async () => {
  await nginx?.stop();
  await shop?.stop();
  release?.remove();
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

/** Through nginx: what nginx did (X-Cache-Status), the shop's Cache-Control, the cookie it set, and the page. */
const through = async (pathname: string, headers: Record<string, string> = {}) => {
  const answer = await get(`https://localhost:${HTTPS_PORT}${pathname}`, headers);
  return {
    status: answer.status,
    cache: answer.headers['x-cache-status'],
    cacheControl: answer.headers['cache-control'],
    setCookie: answer.headers['set-cookie'],
    body: answer.body,
  };
};

test('a public page is answered by nginx from its cache, marked to be kept only a few seconds', async () => {
  await through('/ro/faq');
  const second = await through('/ro/faq');
  expect(second.status).toBe(200);
  expect(second.cache).toBe('HIT');
  expect(second.cacheControl).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  expect(second.setCookie).toBeUndefined();
});

test('a page comes through nginx in brotli to a browser that accepts it, in gzip to one that does not, each copy kept apart', async () => {
  // The shop compresses itself (docs/decisions/0028-server-compresses-with-brotli.md); nginx keeps one copy per
  // Accept-Encoding, told apart by the page's `Vary`.
  const ask = async (acceptEncoding: string) =>
    (await get(`https://localhost:${HTTPS_PORT}/ro/gdpr`, { 'accept-encoding': acceptEncoding })).headers;
  const gzipOnly = await ask('gzip, deflate');
  const brotli = await ask('gzip, deflate, br, zstd');
  const gzipAgain = await ask('gzip, deflate');
  const brotliAgain = await ask('gzip, deflate, br, zstd');
  for (const answer of [gzipOnly, gzipAgain]) expect(answer['content-encoding']).toBe('gzip');
  for (const answer of [brotli, brotliAgain]) expect(answer['content-encoding']).toBe('br');
  expect(String(brotli.vary)).toMatch(/accept-encoding/i);
  expect([gzipAgain['x-cache-status'], brotliAgain['x-cache-status']]).toEqual(['HIT', 'HIT']);
});

test('API answers, the back-office and a member of staff are never answered from the cache', async () => {
  for (const pathname of ['/api/nmps/utils/vignette/catalog', '/admin']) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await through(pathname);
      expect(answer.status).toBe(200);
      expect(answer.cache).toBe('BYPASS');
    }
  }
  // The page the cache holds (the test above), asked with a member of staff's token.
  const staff = await through('/ro/faq', { authorization: 'Bearer not-checked-by-a-page' });
  expect(staff.cache).toBe('BYPASS');
  expect(String(staff.cacheControl)).toContain('no-store');
});

test('an answer that sets a cookie is never kept: the shop marks it uncacheable, and nginx would not store it anyway', async () => {
  // The shop: mobile-app mode (?app=1) is remembered in a cookie set on the page's answer.
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await through('/ro/faq?app=1');
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toBeDefined();
    expect(answer.cache).not.toBe('HIT');
    expect(String(answer.cacheControl)).toContain('no-store');
  }

  // nginx by itself: the documented site in front of a stand-in that marks every answer for shared caches.
  let reached = 0;
  const stub = http.createServer((request, response) => {
    reached++;
    response.setHeader('Cache-Control', 's-maxage=60, stale-while-revalidate=25');
    if (request.url?.startsWith('/with-cookie')) response.setHeader('Set-Cookie', 'stub=1; Path=/');
    response.end('stub');
  });
  await new Promise<void>((resolve) => stub.listen(STUB_PORT, '127.0.0.1', resolve));
  const stubNginx = prepareNginx({
    upstreams: [{ port: STUB_PORT }],
    httpPort: STUB_HTTP_PORT,
    httpsPort: STUB_HTTPS_PORT,
  });
  try {
    stubNginx.start();
    const ask = async (pathname: string) =>
      (
        await httpsRequest(`https://localhost:${STUB_HTTPS_PORT}${pathname}`, {
          certificate: stubNginx.certificate,
        })
      ).headers['x-cache-status'];
    await expect.poll(() => ask('/without-cookie').catch(() => 'down')).not.toBe('down');
    // The control: the same answer without a cookie is kept.
    expect(await ask('/without-cookie')).toBe('HIT');
    const before = reached;
    expect(await ask('/with-cookie')).toBe('MISS');
    expect(await ask('/with-cookie')).toBe('MISS');
    expect(reached - before).toBe(2);
  } finally {
    await stubNginx.stop();
    stub.closeAllConnections();
    await new Promise<void>((resolve) => stub.close(() => resolve()));
  }
});

test(`a price changed in the back-office reaches the page through nginx within ${PUBLIC_PAGE_SHARED_CACHE_BOUND_SECONDS} s`, async () => {
  const signedIn = await get(
    `https://localhost:${HTTPS_PORT}/api/login`,
    { ...XSRF_HEADERS, 'content-type': 'application/json' },
    'POST',
    JSON.stringify(ADMIN),
  );
  expect(signedIn.status).toBe(200);
  const staff = {
    ...XSRF_HEADERS,
    'content-type': 'application/json',
    authorization: String(signedIn.headers.authorization),
  };
  const catalog = await get(`https://localhost:${HTTPS_PORT}/api/nmps/utils/vignette/catalog`);
  const year = Number((JSON.parse(catalog.body) as { date: string }).date.slice(0, 4));
  const shows = (body: string, priceHuf: number) =>
    body.replaceAll('<!-- -->', '').includes(formatHuf(priceHuf, 'ro'));

  // The page is in nginx's cache before the change.
  await through('/ro/vignette/motor');
  const cached = await through('/ro/vignette/motor');
  expect(cached.cache).toBe('HIT');
  expect(shows(cached.body, 12_345)).toBe(false);

  const changed = await get(
    `https://localhost:${HTTPS_PORT}/api/admin/catalog/vignette-prices`,
    staff,
    'PUT',
    JSON.stringify({ year, prices: [{ categoryCode: 'MOTOR', type: 'MONTH', priceHuf: 12_345 }] }),
  );
  expect(changed.status).toBe(200);
  const changedAt = Date.now();

  // The bound of docs/decisions/0025-*: the page's fresh and stale seconds; 3 s more for the shop to render it.
  await expect
    .poll(async () => shows((await through('/ro/vignette/motor')).body, 12_345), {
      timeout: (PUBLIC_PAGE_SHARED_CACHE_BOUND_SECONDS + 3) * 1000,
      intervals: [500],
    })
    .toBe(true);
  expect(Date.now() - changedAt).toBeLessThanOrEqual((PUBLIC_PAGE_SHARED_CACHE_BOUND_SECONDS + 3) * 1000);
  // And it stays: no visitor is given the old page again.
  for (let attempt = 0; attempt < 5; attempt++)
    expect(shows((await through('/ro/vignette/motor')).body, 12_345)).toBe(true);
});
