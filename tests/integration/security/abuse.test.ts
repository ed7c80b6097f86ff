import type { Config } from '@jest/types';
import { count, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { POST as logout } from '@/app/api/logout/route';
import { GET as readOrder } from '@/app/api/orders/[orderId]/route';
import { POST as resend } from '@/app/api/orders/[orderId]/resend/route';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import { GET as paymentReturn } from '@/app/api/payments/return/route';
import { GET as listUsers } from '@/app/api/users/route';
import { clientAddress, clientBucket } from '@/lib/api/request';
import { signingSecret } from '@/lib/auth/tokens';
import { outbox, paymentNotifications } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import { RATE_LIMITS } from '@/lib/api/rate-limit';
import { PEER_ADDRESS_HEADER, PEER_FOR_HEADER, stampPeerAddress } from '@/lib/security/peer-address';
import { describeOnProcessDrivers, get, insertOrder, staff, vignette } from '../admin/admin-fixtures';
import { expectNoBuyerData } from '../../support/log-capture';
import { withEnv, withRateLimitMultiplier } from '../../support/process-database';

/*
 * The abuse rules through the route handlers, on PGlite and PostgreSQL: atomic re-sends, signing out
 * on the server, staff tokens' required claims, the masked e-mail of the return, bounded rejected notifications.
 */
const post = (url: string, init: { token?: string; peer?: string; body?: string } = {}) =>
  new Request(`http://localhost${url}`, {
    method: 'POST',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.peer ? { [PEER_ADDRESS_HEADER]: stampPeerAddress(init.peer) } : {}),
      'content-type': 'application/json',
    },
    body: init.body,
  });

/** Every timer but the clock (`Date`) keeps running: the database drivers need them. */
const RUNNING_TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] satisfies Config.FakeableAPI[];

describeOnProcessDrivers('abuse rules', (db) => {
  const fulfilledOrder = (email = 'buyer.name@example.ro', status: 'FULFILLED' | 'PAID' = 'FULFILLED') =>
    insertOrder(db(), {
      kind: 'VIGNETTE',
      status,
      email,
      createdAt: new Date().toISOString(),
      amountBani: 8850,
      items: [vignette('CAR', 'WEEK', 'B123ABC', 8850)],
    });

  it('queues one e-mail for ten parallel re-sends', async () => {
    const orderId = await fulfilledOrder();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        resend(post(`/api/orders/${orderId}/resend`), { params: Promise.resolve({ orderId }) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(202));
    const bodies = await Promise.all(
      answers.map(async (answer) => (await answer.json()) as { queued: boolean; retryAfterSeconds?: number }),
    );
    expect(bodies.filter((body) => body.queued)).toHaveLength(1);
    // The others say when the button works again: within the 2-minute interval.
    for (const body of bodies.filter((answer) => !answer.queued)) {
      expect(body.retryAfterSeconds).toBeGreaterThan(100);
      expect(body.retryAfterSeconds).toBeLessThanOrEqual(120);
    }
    const [mail] = await db().select({ n: count() }).from(outbox).where(eq(outbox.orderId, orderId));
    expect(Number(mail!.n)).toBe(1);
  });

  it('answers 404 for a re-send of an id that cannot be an order, a NUL included, without asking the database', async () => {
    for (const orderId of ['\u0000', 'a'.repeat(21) + '\u0000', 'x'.repeat(600)]) {
      const answer = await resend(post('/api/orders/x/resend'), { params: Promise.resolve({ orderId }) });
      expect(answer.status).toBe(404);
      expect((await answer.json()).error.code).toBe('NOT_FOUND');
    }
  });

  it('refuses a signed-out token on every secured call, and a second sign-out', async () => {
    const { token } = await staff(db(), 'leaving-admin', 'ADMIN');
    expect((await listUsers(get('/api/users', token), { params: Promise.resolve({}) })).status).toBe(200);
    expect((await logout(post('/api/logout', { token }), { params: Promise.resolve({}) })).status).toBe(204);
    expect((await listUsers(get('/api/users', token), { params: Promise.resolve({}) })).status).toBe(401);
    expect((await logout(post('/api/logout', { token }), { params: Promise.resolve({}) })).status).toBe(401);
    // Other sessions of the same user are not touched.
    const { token: other } = await staff(db(), 'staying-admin', 'ADMIN');
    expect((await listUsers(get('/api/users', other), { params: Promise.resolve({}) })).status).toBe(200);
  });

  it('refuses a staff token without an expiry, an issue time or an id', async () => {
    const { user } = await staff(db(), 'claims-admin', 'ADMIN');
    const secret = await signingSecret(db());
    const now = Math.floor(Date.now() / 1000);
    const base = () =>
      new SignJWT({ ver: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('road-partners-shop');
    const tokens = {
      noExpiry: await base().setIssuedAt(now).setJti('a').sign(secret),
      noIssueTime: await base()
        .setExpirationTime(now + 600)
        .setJti('b')
        .sign(secret),
      noId: await base()
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(secret),
      tooLong: await base()
        .setIssuedAt(now - 5 * 3600)
        .setExpirationTime(now + 600)
        .setJti('c')
        .sign(secret),
    };
    for (const token of Object.values(tokens)) {
      expect((await listUsers(get('/api/users', token), { params: Promise.resolve({}) })).status).toBe(401);
    }
  });

  it('sends the buyer to the success page without the e-mail in the address', async () => {
    const orderId = await fulfilledOrder('private.person@example.ro', 'PAID');
    const answer = await paymentReturn(
      new Request(`http://localhost/api/payments/return?orderId=${orderId}`),
      { params: Promise.resolve({}) },
    );
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location).toBe(`/ro/payment/successful?orderId=${orderId}`);
    expect(decodeURIComponent(location)).not.toContain('example.ro');
  });

  it('stores no unverified notification, and past the sender\u2019s allowance does not even log one', async () => {
    const warn = jest.spyOn(logger, 'warn');
    await withRateLimitMultiplier(1, async () => {
      const peer = '203.0.113.77';
      const before = await db().select({ n: count() }).from(paymentNotifications);
      const statuses: number[] = [];
      for (let forged = 0; forged < RATE_LIMITS.rejectedNotification.burst + 10; forged++) {
        const answer = await notify(
          post('/api/payments/netopia/notify', { peer, body: `{"forged":${forged}}` }),
          {
            params: Promise.resolve({}),
          },
        );
        statuses.push(answer.status);
      }
      const after = await db().select({ n: count() }).from(paymentNotifications);
      expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(0);
      const logged = warn.mock.calls.filter((call) => call.includes('payment notification rejected'));
      expect(logged).toHaveLength(RATE_LIMITS.rejectedNotification.burst);
      expectNoBuyerData(warn.mock.calls);
      expect(statuses.filter((status) => status === 401)).toHaveLength(
        RATE_LIMITS.rejectedNotification.burst,
      );
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    });
    warn.mockRestore();
  });

  it('answers 429 with Retry-After in the JSON error shape once an address used up its re-sends', async () => {
    const orderId = await fulfilledOrder();
    await withRateLimitMultiplier(1, async () => {
      const peer = '203.0.113.78';
      const call = () =>
        resend(post(`/api/orders/${orderId}/resend`, { peer }), { params: Promise.resolve({ orderId }) });
      for (let take = 0; take < RATE_LIMITS.resend.burst; take++) expect((await call()).status).toBe(202);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.any(String),
      });
    });
  });

  it('counts two IPv6 addresses of one /64 as one client, and another /64 apart', async () => {
    const orderId = await fulfilledOrder();
    await withRateLimitMultiplier(1, async () => {
      const call = (peer: string) =>
        resend(post(`/api/orders/${orderId}/resend`, { peer }), { params: Promise.resolve({ orderId }) });
      for (let take = 0; take < RATE_LIMITS.resend.burst; take++)
        expect((await call(`2001:db8:77:1::${take + 1}`)).status).toBe(202);
      expect((await call('2001:db8:77:1:ffff:ffff:ffff:ffff')).status).toBe(429);
      expect((await call('2001:db8:77:2::1')).status).toBe(202);
    });
  });

  it("limits order reads per address, counting the order page's look-up against its visitor, once", async () => {
    const orderId = await fulfilledOrder();
    await withRateLimitMultiplier(1, async () => {
      const read = (headers: Record<string, string>, method = 'GET') =>
        readOrder(new Request(`http://localhost/api/orders/${orderId}`, { method, headers }), {
          params: Promise.resolve({ orderId }),
        });
      const visitor = stampPeerAddress('203.0.113.90');
      // What proxy.ts sends for an order page: from the server's own loopback address, for the visitor.
      const lookUp = () =>
        read({ [PEER_ADDRESS_HEADER]: stampPeerAddress('127.0.0.1'), [PEER_FOR_HEADER]: visitor }, 'HEAD');
      // The clock stands still: this limit refills a token a second, more than the reads below take on a slow machine.
      jest.useFakeTimers({ doNotFake: RUNNING_TIMERS, now: new Date() });
      const half = RATE_LIMITS.orderRead.burst / 2;
      for (let take = 0; take < half; take++)
        expect((await read({ [PEER_ADDRESS_HEADER]: visitor })).status).toBe(200);
      for (let take = 0; take < half; take++) expect((await lookUp()).status).toBe(200);
      const refused = await lookUp();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await read({ [PEER_ADDRESS_HEADER]: visitor })).status).toBe(429);
      // The server's loopback address itself was never counted, and a visitor's stamp is believed only from loopback.
      expect((await read({ [PEER_ADDRESS_HEADER]: stampPeerAddress('127.0.0.1') })).status).toBe(200);
      const elsewhere = {
        [PEER_ADDRESS_HEADER]: stampPeerAddress('198.51.100.90'),
        [PEER_FOR_HEADER]: visitor,
      };
      expect((await read(elsewhere)).status).toBe(200);
      // A client's own copy of the header, even from loopback, is not a stamp: the loopback address is counted.
      const forged = {
        [PEER_ADDRESS_HEADER]: stampPeerAddress('127.0.0.1'),
        [PEER_FOR_HEADER]: '203.0.113.91',
      };
      expect((await read(forged)).status).toBe(200);
    }).finally(() => jest.useRealTimers());
  });
});

describe('the client address used by every limit', () => {
  const request = (headers: Record<string, string>) => new Request('http://localhost/api/login', { headers });

  it('is the socket peer by default, whatever X-Forwarded-For claims', async () => {
    await withEnv({ TRUSTED_PROXY_HOPS: undefined }, async () => {
      expect(
        clientAddress(
          request({
            [PEER_ADDRESS_HEADER]: stampPeerAddress('::ffff:10.0.0.9'),
            'x-forwarded-for': '1.2.3.4',
          }),
        ),
      ).toBe('10.0.0.9');
      // A request the server did not stamp counts as one shared unknown client, never as what it claims.
      expect(clientAddress(request({ 'x-forwarded-for': '1.2.3.4' }))).toBe('unknown');
      // Nor does one whose stamp a client wrote.
      expect(clientAddress(request({ [PEER_ADDRESS_HEADER]: '10.0.0.9' }))).toBe('unknown');
      // An IPv4-mapped IPv6 address is its IPv4 address, also as a limit's bucket; IPv6 counts by its /64.
      expect(clientBucket(request({ [PEER_ADDRESS_HEADER]: stampPeerAddress('::ffff:10.0.0.9') }))).toBe(
        '10.0.0.9',
      );
      expect(clientBucket(request({ [PEER_ADDRESS_HEADER]: stampPeerAddress('2001:db8:1:2::9') }))).toBe(
        '2001:db8:1:2::/64',
      );
    });
  });

  it('behind n trusted proxies, is the entry the outermost of them appended', async () => {
    const headers = {
      [PEER_ADDRESS_HEADER]: stampPeerAddress('10.0.0.2'),
      'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.1',
    };
    await withEnv({ TRUSTED_PROXY_HOPS: '1' }, async () => {
      expect(clientAddress(request(headers))).toBe('10.0.0.1');
    });
    await withEnv({ TRUSTED_PROXY_HOPS: '2' }, async () => {
      expect(clientAddress(request(headers))).toBe('198.51.100.7');
      // Fewer entries than hops: the furthest one there is.
      expect(
        clientAddress(
          request({ [PEER_ADDRESS_HEADER]: stampPeerAddress('10.0.0.2'), 'x-forwarded-for': '198.51.100.8' }),
        ),
      ).toBe('198.51.100.8');
    });
  });
});
