import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newOrderId } from '@/lib/db/order-id';
import { message } from './support/messages';
import { copyOfBuild, startBuiltServer, waitUntilHealthy, type ShopProcess } from './support/shop-process';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * The security rules that need a real server: the peer address the server stamps itself (which no
 * X-Forwarded-For can change), the real rate limits (RATE_LIMIT_MULTIPLIER=1, unlike the rest of the suite), the
 * sandbox gone when the real provider is configured (a run-time check: the same build serves both), and what the
 * server prints for the person who started it. Two servers of the same build, on ports of their own.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const SANDBOX_PORT = 3510;
const NETOPIA_PORT = 3511;
const ADMIN = { username: 'sec-admin', password: 'sec-admin-password-1' };

const dataDirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-security-'));
  dataDirs.push(dir);
  return dir;
};

let sandboxShop: ShopProcess;
let netopiaShop: ShopProcess;
/**
 * The Netopia server's own copy of the build: a live server regenerates the pages closed at start, into the build's
 * folder, and the suite's main server (sandbox, every line sold) must never serve those.
 */
let release: ReturnType<typeof copyOfBuild>;

test.beforeAll(async () => {
  sandboxShop = startBuiltServer(SANDBOX_PORT, {
    DATA_DIR: dataDir(),
    SITE_URL: `http://localhost:${SANDBOX_PORT}`,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_MULTIPLIER: '1',
    SMTP_URL: undefined,
  });
  release = copyOfBuild();
  netopiaShop = startBuiltServer(
    NETOPIA_PORT,
    {
      DATA_DIR: dataDir(),
      SITE_URL: `http://localhost:${NETOPIA_PORT}`,
      PAYMENT_PROVIDER: 'netopia',
      NETOPIA_API_URL: 'https://secure.sandbox.netopia-payments.com',
      NETOPIA_API_KEY: 'e2e-key',
      NETOPIA_POS_SIGNATURE: 'E2E-POS',
      NETOPIA_PUBLIC_KEY: 'e2e-public-key',
      JWT_SECRET: 'an-e2e-secret-long-enough-for-the-rule',
      EFACTURA_PROVIDER: 'off',
      RATE_LIMIT_MULTIPLIER: '1',
      SMTP_URL: undefined,
    },
    [],
    release.dir,
  );
  await Promise.all([waitUntilHealthy(sandboxShop), waitUntilHealthy(netopiaShop)]);
});

test.afterAll(async () => {
  await Promise.all([sandboxShop?.stop(), netopiaShop?.stop()]);
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  release?.remove();
});

const post = (
  shop: ShopProcess,
  url: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) =>
  fetch(`${shop.url}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', ...XSRF_HEADERS, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

test('with PAYMENT_PROVIDER=netopia the sandbox routes and card form answer 404, from the same build', async () => {
  for (const url of [
    '/api/payments/sandbox/payment/card/start',
    '/api/payments/sandbox/operation/status',
    '/api/payments/sandbox/pay',
    '/api/payments/sandbox/3ds',
  ]) {
    const answer = await post(netopiaShop, url, { body: {} });
    expect(answer.status, url).toBe(404);
    expect((await answer.json()).error.code).toBe('NOT_FOUND');
  }
  expect((await fetch(`${netopiaShop.url}/sandbox-pay/some-payment`)).status).toBe(404);
  expect((await fetch(`${netopiaShop.url}/sandbox-pay/some-payment/3ds`)).status).toBe(404);
  // The sandbox shop still serves them.
  expect((await post(sandboxShop, '/api/payments/sandbox/operation/status', { body: {} })).status).toBe(400);
});

test('the sandbox refuses to send a buyer or a notification off-site', async () => {
  const start = (notifyUrl: string, redirectUrl: string, orderID: string) =>
    post(sandboxShop, '/api/payments/sandbox/payment/card/start', {
      body: {
        config: { notifyUrl, redirectUrl, language: 'ro' },
        order: {
          posSignature: 'SANDBOX-POS-SIGNATURE',
          orderID,
          amount: 10,
          currency: 'RON',
          billing: { email: 'a@b.ro' },
        },
      },
    });
  const own = `${sandboxShop.url}/api/payments/return?orderId=x`;
  expect((await start('http://169.254.169.254/latest', own, 'e2e-ssrf')).status).toBe(400);
  expect(
    (
      await start(
        `${sandboxShop.url}/api/payments/netopia/notify`,
        'https://evil.example/',
        'e2e-open-redirect',
      )
    ).status,
  ).toBe(400);
  const accepted = await start(
    `http://127.0.0.1:${SANDBOX_PORT}/api/payments/netopia/notify`,
    own,
    'e2e-own',
  );
  expect(accepted.status).toBe(200);
});

test('a production server on the sandbox warns that payments are simulated; on Netopia it does not', async () => {
  await expect.poll(() => sandboxShop.errorOutput()).toContain('payments are SIMULATED');
  expect(netopiaShop.errorOutput()).not.toContain('SIMULATED');
});

test('the first admin\u2019s generated password is printed on stderr, never in the JSON logs', async () => {
  await expect
    .poll(() => netopiaShop.errorOutput())
    .toMatch(/First admin created: user "admin", temporary password \S{16}/);
  const password = /temporary password (\S{16})/.exec(netopiaShop.errorOutput())![1]!;
  expect(netopiaShop.standardOutput()).toContain('"msg":"database ready"');
  expect(netopiaShop.standardOutput()).not.toContain(password);
});

test('a signed-out token is refused', async () => {
  const signedIn = await post(sandboxShop, '/api/login', { body: ADMIN });
  expect(signedIn.status).toBe(200);
  const authorization = signedIn.headers.get('authorization')!;
  const users = () => fetch(`${sandboxShop.url}/api/users`, { headers: { authorization } });
  expect((await users()).status).toBe(200);
  expect((await post(sandboxShop, '/api/logout', { headers: { authorization } })).status).toBe(204);
  expect((await users()).status).toBe(401);
});

test('an API path with a dot gets the anti-forgery check too', async () => {
  const answer = await fetch(`${sandboxShop.url}/api/orders/a.b/resend`, { method: 'POST' });
  expect(answer.status).toBe(403);
  expect((await answer.json()).error.code).toBe('FORBIDDEN');
  // Logged once, with the path and the request's id, as the other refusals are.
  const requestId = answer.headers.get('x-request-id')!;
  await expect
    .poll(
      () =>
        sandboxShop
          .output()
          .split('\n')
          .filter((line) => line.includes(requestId) && line.includes('anti-forgery')).length,
    )
    .toBe(1);
  expect(sandboxShop.output()).toContain('"path":"/api/orders/a.b/resend"');
});

// Last: it leaves this test's address throttled.
test('nine failed sign-ins from one peer claiming nine addresses meet a 429', async () => {
  const statuses: number[] = [];
  let refused: Response | undefined;
  for (let attempt = 1; attempt <= 9; attempt++) {
    const answer = await post(sandboxShop, '/api/login', {
      body: { username: `guess-${attempt}`, password: 'wrong-password-guess' },
      headers: { 'x-forwarded-for': `198.51.100.${attempt}`, 'x-real-ip': `198.51.100.${attempt}` },
    });
    statuses.push(answer.status);
    if (answer.status === 429) refused ??= answer;
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses).toContain(429);
  expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await refused!.json()).error.code).toBe('TOO_MANY_REQUESTS');
  // Counted under the socket's peer, which the server stamps itself: never an address the client claimed.
  const counted = sandboxShop
    .standardOutput()
    .split('\n')
    .filter((line) => line.includes('"msg":"sign-in failed"'))
    .map((line) => (JSON.parse(line) as { address: string }).address);
  expect(counted).toHaveLength(5);
  for (const address of counted) expect(address).toMatch(/^(127\.0\.0\.1|::1)$/);
  // Even the right password waits now: the slow-down is the address's, not the usernames'.
  expect((await post(sandboxShop, '/api/login', { body: ADMIN })).status).toBe(429);
});

// Last too: it spends this test's address's order reads.
test("an order page asked for too often is the shop's own page in the visitor's language, with 429", async () => {
  const orderPage = `${sandboxShop.url}/ro/order/${newOrderId()}`;
  const statuses: number[] = [];
  let refused: Response | undefined;
  while (!refused && statuses.length < 100) {
    const answer = await fetch(orderPage, { redirect: 'manual' });
    statuses.push(answer.status);
    if (answer.status === 429) refused = answer;
    else await answer.arrayBuffer();
  }
  // Each look-up of the unknown order counted as one read: the not-found page until the reads ran out.
  expect(new Set(statuses.slice(0, -1))).toEqual(new Set([404]));
  expect(refused).toBeDefined();
  expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(refused!.headers.get('content-type')).toContain('text/html');
  expect(refused!.headers.get('cache-control')).toContain('no-store');
  const html = await refused!.text();
  expect(html).toContain('<html lang="ro"');
  expect(html).toContain(message('ro', 'ErrorPage.tooManyHeading'));
});
