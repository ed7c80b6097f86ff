import { eq } from 'drizzle-orm';
import { POST as confirm3ds } from '@/app/api/payments/sandbox/3ds/route';
import { POST as statusRoute } from '@/app/api/payments/sandbox/operation/status/route';
import { GET as payGet, POST as pay } from '@/app/api/payments/sandbox/pay/route';
import { POST as startRoute } from '@/app/api/payments/sandbox/payment/card/start/route';
import { sandboxPayments } from '@/lib/db/schema';
import { startPaymentBody } from '@/lib/payment-provider/netopia/client';
import { parseConfig } from '@/lib/config/env';
import {
  deliverSandboxNotifications,
  notificationTarget,
  SANDBOX_POS_SIGNATURE,
  sandboxPay,
} from '@/lib/payment-provider/sandbox/sandbox';
import { LIVE_SHOP_ENV, noParams, useProcessDatabase, withEnv } from '../../support/process-database';

/*
 * The sandbox provider: gone (404) unless it is the configured provider, and never a way to send a
 * buyer or a request anywhere but the shop itself.
 */
const REAL_PROVIDER = LIVE_SHOP_ENV;

let env: Awaited<ReturnType<typeof useProcessDatabase>>;
beforeAll(async () => {
  env = await useProcessDatabase();
}, 120_000);
afterAll(() => env.cleanup());
const db = () => env.database.db;

const form = (url: string, fields: Record<string, string>) =>
  new Request(`http://localhost${url}`, { method: 'POST', body: new URLSearchParams(fields) });
const json = (url: string, body: unknown) =>
  new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const startBody = (orderId: string, urls: { notifyUrl: string; redirectUrl: string }) =>
  startPaymentBody({
    posSignature: SANDBOX_POS_SIGNATURE,
    orderId,
    amountBani: 1000,
    description: 'test',
    email: 'a@b.ro',
    language: 'ro',
    ...urls,
    createdAt: new Date(),
  });

const OWN = {
  notifyUrl: 'http://127.0.0.1:3000/api/payments/netopia/notify',
  redirectUrl: 'http://localhost:3000/api/payments/return?orderId=x',
};

/** A sandbox payment's form, open for ten more minutes. */
const openPaymentRow = () => ({
  amountBani: 1000,
  currency: 'RON',
  description: 'd',
  email: 'a@b.ro',
  language: 'ro',
  expiresAt: new Date(Date.now() + 600_000),
});

describe('with PAYMENT_PROVIDER=netopia', () => {
  it('answers 404 on every sandbox route, in the JSON error shape', async () => {
    await withEnv(REAL_PROVIDER, async () => {
      const answers = await Promise.all([
        startRoute(json('/api/payments/sandbox/payment/card/start', startBody('live-1', OWN)), noParams),
        statusRoute(
          json('/api/payments/sandbox/operation/status', {
            posID: SANDBOX_POS_SIGNATURE,
            ntpID: 'x',
            orderID: 'y',
          }),
          noParams,
        ),
        pay(
          form('/api/payments/sandbox/pay', {
            ntpId: 'x',
            cardNumber: '9900004810225098',
            cvv: '111',
            expiry: '12/30',
          }),
          noParams,
        ),
        payGet(new Request('http://localhost/api/payments/sandbox/pay?ntpId=x'), noParams),
        confirm3ds(form('/api/payments/sandbox/3ds', { ntpId: 'x', code: '123' }), noParams),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect((await answer.json()).error.code).toBe('NOT_FOUND');
      }
    });
    // Nothing was recorded by the refused start.
    expect(await db().select().from(sandboxPayments).where(eq(sandboxPayments.orderId, 'live-1'))).toEqual(
      [],
    );
  });
});

describe('with the sandbox as the provider', () => {
  it.each([
    ['a redirect to another site', { ...OWN, redirectUrl: 'https://evil.example/phish' }],
    ['a notification to another host', { ...OWN, notifyUrl: 'http://169.254.169.254/latest/meta-data' }],
    ['a notification to another port of the loopback', { ...OWN, notifyUrl: 'http://127.0.0.1:5432/' }],
    ['a redirect by another scheme', { ...OWN, redirectUrl: 'javascript:alert(1)' }],
  ])('refuses a start with %s', async (_case, urls) => {
    await withEnv({ SITE_URL: 'http://localhost:3000', PORT: '3000' }, async () => {
      const answer = await startRoute(
        json('/api/payments/sandbox/payment/card/start', startBody(`off-site-${_case}`, urls)),
        noParams,
      );
      expect(answer.status).toBe(400);
      expect((await answer.json()).error.code).toBe('11');
    });
  });

  it('accepts the shop\u2019s own addresses', async () => {
    await withEnv({ SITE_URL: 'http://localhost:3000', PORT: '3000' }, async () => {
      const answer = await startRoute(
        json('/api/payments/sandbox/payment/card/start', startBody('own-site', OWN)),
        noParams,
      );
      expect(answer.status).toBe(200);
      expect((await answer.json()).payment.paymentURL).toMatch(/^http:\/\/localhost:3000\/sandbox-pay\//);
    });
  });

  it('sends a notification recorded for any server of the shop to this server, and nothing anywhere else', () => {
    const config = parseConfig({ SITE_URL: 'https://shop.example', PORT: '3000' });
    // Started on another server of the shop (its loopback port): applied here, from the shared database.
    expect(notificationTarget('http://127.0.0.1:3402/api/payments/netopia/notify', config)).toBe(
      'http://127.0.0.1:3000/api/payments/netopia/notify',
    );
    expect(notificationTarget('https://shop.example/api/payments/netopia/notify', config)).toBe(
      'https://shop.example/api/payments/netopia/notify',
    );
    for (const elsewhere of [
      'http://10.0.0.1/hook',
      'http://127.0.0.1.evil.example/hook',
      'https://127.0.0.1:3402/hook',
      'http://localhost:6379/',
      'https://shop.example.evil.example/',
      'not a url',
    ])
      expect(notificationTarget(elsewhere, config)).toBeNull();
  });

  it('never posts a notification off-site, and never follows a redirect', async () => {
    await withEnv({ SITE_URL: 'http://localhost:3000', PORT: '3000' }, async () => {
      // A payment recorded before the start call checked its addresses, and one recorded properly.
      const row = openPaymentRow();
      await db()
        .insert(sandboxPayments)
        .values([
          {
            ...row,
            ntpId: 'old-row-0001',
            orderId: 'old-order',
            notifyUrl: 'http://10.0.0.1/hook',
            redirectUrl: OWN.redirectUrl,
          },
          {
            ...row,
            ntpId: 'own-row-0001',
            orderId: 'own-order',
            notifyUrl: OWN.notifyUrl,
            redirectUrl: OWN.redirectUrl,
          },
        ]);
      for (const ntpId of ['old-row-0001', 'own-row-0001'])
        await sandboxPay(db(), { ntpId, cardNumber: '9900004810225098', cvv: '111', expiry: '12/30' });

      const calls: { url: string; redirect?: RequestRedirect }[] = [];
      const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
        calls.push({ url: String(url), redirect: init?.redirect });
        return new Response(null, { status: 302, headers: { location: 'https://evil.example/' } });
      }) as typeof fetch;
      await deliverSandboxNotifications(db(), fakeFetch);

      expect(calls).toEqual([{ url: OWN.notifyUrl, redirect: 'manual' }]);
      const [old] = await db()
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.ntpId, 'old-row-0001'));
      expect(old!.notifyNextAt).toBeNull();
      // A redirect is not an acceptance: the shop's notification is retried later, not marked delivered.
      const [own] = await db()
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.ntpId, 'own-row-0001'));
      expect(own!.notifiedAt).toBeNull();
      expect(own!.notifyAttempts).toBe(1);
    });
  });

  it('sends every due notification of a busy minute in one pass, a few at a time', async () => {
    await withEnv({ SITE_URL: 'http://localhost:3000', PORT: '3000' }, async () => {
      const ntpIds = Array.from({ length: 45 }, (_, index) => `busy-r-${String(index).padStart(5, '0')}`);
      await db()
        .insert(sandboxPayments)
        .values(
          ntpIds.map((ntpId) => ({
            ntpId,
            orderId: `order-${ntpId}`,
            ...openPaymentRow(),
            ...OWN,
          })),
        );
      for (const ntpId of ntpIds)
        await sandboxPay(db(), { ntpId, cardNumber: '9900004810225098', cvv: '111', expiry: '12/30' });

      let inFlight = 0;
      let mostAtOnce = 0;
      const answering = (async () => {
        mostAtOnce = Math.max(mostAtOnce, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return Response.json({ errorType: 0 });
      }) as typeof fetch;
      // One pass, after they fell due (the earlier test's retry may be due by then too).
      const delivered = await deliverSandboxNotifications(db(), answering, new Date(Date.now() + 1000));
      expect(delivered).toBeGreaterThanOrEqual(45);

      const rows = await db().select().from(sandboxPayments);
      expect(rows.filter((row) => ntpIds.includes(row.ntpId) && row.notifiedAt)).toHaveLength(45);
      expect(mostAtOnce).toBeGreaterThan(1);
      expect(mostAtOnce).toBeLessThanOrEqual(5);
    });
  });

  it('sends the buyer back only to the shop, even for a row recorded before the check', async () => {
    await withEnv({ SITE_URL: 'http://localhost:3000', PORT: '3000' }, async () => {
      await db()
        .insert(sandboxPayments)
        .values({
          ntpId: 'old-redirect',
          orderId: 'old-redirect-order',
          ...openPaymentRow(),
          notifyUrl: OWN.notifyUrl,
          redirectUrl: 'https://evil.example/phish',
        });
      const answer = await pay(
        form('/api/payments/sandbox/pay', {
          ntpId: 'old-redirect',
          cardNumber: '9900004810225098',
          cvv: '111',
          expiry: '12/30',
        }),
        noParams,
      );
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/');
    });
  });
});
