import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createDatabase, postgresUrl } from './support/postgres';
import {
  forwardedFor,
  payOnSandboxForm,
  placeOrder,
  quote,
  uniquePlate,
  vignetteOrderBody,
} from './support/shop-client';
import { readLedger, brokenPromises, waitUntilDelivered } from './support/shop-ledger';
import { startShop, waitUntilHealthy } from './support/shop-process';
import { startSmtpSink } from './support/smtp-sink';
import { XSRF_HEADERS } from './support/xsrf';

// Two built servers on one PostgreSQL, every background job running in both, as a scaled-out deployment runs.
// Ports: the servers 3402 and 3403, their SMTP server 2642 (this part's range).
test.describe.configure({ timeout: 300_000 });
// These need a real PostgreSQL (PGlite serves one process); skipped, and counted as skipped, only where none is
// configured. `npm test` installs and starts one when it runs as root, as CI does.
test.skip(!postgresUrl, 'TEST_DATABASE_URL is not set');

const ORDERS = 24;
const ADMIN = { username: 'two-servers-admin', password: 'two-servers-password' };

test('two servers share the work: each order paid once, delivered once, confirmed by one e-mail; lockout and rate limits shared', async () => {
  const database = await createDatabase('shop_two');
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-two-mail-'));
  const sink = startSmtpSink(2642, mailDir);
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: undefined,
    SMTP_URL: 'smtp://127.0.0.1:2642',
    // The real limits, behind one load balancer as a scaled-out shop runs: each buyer is told apart by the address
    // the balancer forwards, so that the limits apply per buyer and can be seen shared by both servers.
    RATE_LIMIT_MULTIPLIER: '1',
    TRUSTED_PROXY_HOPS: '1',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const servers = [startShop(3402, env), startShop(3403, env)];
  try {
    await Promise.all(servers.map((server) => waitUntilHealthy(server)));
    const [a, b] = servers.map((server) => server.url) as [string, string];

    // Orders created on one server, and paid on the other's card form: the paying server's job sends the signed
    // notification (or the other's, whichever claims it first) to the server that started the payment.
    const placed = await Promise.all(
      Array.from({ length: ORDERS }, async (_, index) => {
        const [creator, payer] = index % 2 ? [b, a] : [a, b];
        const body = vignetteOrderBody(uniquePlate(index), `two-${index}@example.ro`, 2);
        const buyer = `203.0.113.${index + 1}`;
        await quote(creator, body, buyer);
        const order = await placeOrder(creator, body, undefined, buyer);
        expect(order.paymentUrl).toBeTruthy();
        return { order, payer };
      }),
    );
    for (const { order, payer } of placed) expect(await payOnSandboxForm(payer, order.paymentUrl!)).toBe(303);

    let ledger = await waitUntilDelivered(database.url, mailDir, ORDERS, 120_000);
    // Let both servers' timers pass once more (notifications 5 s, delivery and mail 15 s): nothing more may come.
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    ledger = await readLedger(database.url, mailDir);
    console.log(JSON.stringify({ ...ledger, paidNotFulfilled: ledger.paidNotFulfilled.length }));

    expect(brokenPromises(ledger, 0)).toEqual([]);
    // No double delivery: one vignette per item, one invoice per order, numbered without gaps.
    expect(ledger.issuances).toBe(2 * ORDERS);
    expect(ledger.invoices).toBe(ORDERS);
    expect(ledger.invoiceGaps).toBe(0);
    // Each notification sent once (claimed by one server), and one e-mail per order at the mail server.
    expect(ledger.notificationsPerPaymentAboveOne).toBe(0);
    expect(ledger.mails).toBe(ORDERS);
    expect(ledger.duplicateMails).toBe(0);

    // Account lockout is shared: ten wrong passwords, alternating between the servers, lock the account on both.
    let failures = 0;
    for (let attempt = 0; failures < 10 && attempt < 40; attempt++) {
      const server = attempt % 2 ? b : a;
      const response = await signIn(server, ADMIN.username, 'not-the-password', attempt);
      if (response.status === 401) failures++;
      else if (response.status === 429) {
        // The address waits between tries (login throttling): wait as told, the account's count is what is tested.
        const seconds = Number(response.headers.get('retry-after') ?? 1);
        await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 60) * 1000));
      } else throw new Error(`sign-in answered ${response.status}`);
    }
    expect(failures).toBe(10);
    for (const server of [a, b]) {
      const response = await signIn(server, ADMIN.username, ADMIN.password, 99);
      expect(response.status).toBe(429);
    }

    // Rate limits are shared: one client's orders, alternating between the servers, draw on one bucket (10 at once,
    // then one every 12 s). Counted per server, 8 on each would all pass; together, the last few are refused on both.
    const statuses: number[] = [];
    for (let request = 0; request < 16; request++) {
      const response = await fetch(`${request % 2 ? b : a}/api/nmps/orders/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...XSRF_HEADERS, ...forwardedFor('192.0.2.77') },
        body: JSON.stringify(vignetteOrderBody(uniquePlate(900 + request), `limits-${request}@example.ro`)),
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status !== 201 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(4);
    expect(statuses.filter((status, index) => status === 429 && index % 2 === 0).length).toBeGreaterThan(0);
    expect(statuses.filter((status, index) => status === 429 && index % 2 === 1).length).toBeGreaterThan(0);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    await database.drop();
    fs.rmSync(mailDir, { recursive: true, force: true });
  }
});

/** A sign-in from its own client address (while the shop trusts forwarded addresses; else all come from one). */
function signIn(server: string, username: string, password: string, client: number) {
  return fetch(`${server}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${client + 1}`,
      ...XSRF_HEADERS,
    },
    body: JSON.stringify({ username, password }),
  });
}
