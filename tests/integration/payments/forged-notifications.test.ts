import { constants, createHash, createHmac, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { asc, count } from 'drizzle-orm';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import { POST as postOrder } from '@/app/api/nmps/orders/order/route';
import {
  invoiceCounters,
  invoices,
  orderEvents,
  orderItems,
  orders,
  outbox,
  paymentNotifications,
  sandboxPayments,
} from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { logger } from '@/lib/log/logger';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { findOrder } from '@/lib/orders/orders';
import { buildNotificationBody } from '@/lib/payment-provider/netopia/notification';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { SANDBOX_POS_SIGNATURE } from '@/lib/payment-provider/sandbox/sandbox';
import { getSandboxKeys } from '@/lib/db/generated-secrets';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { createPostgresDatabase, drivers, describeForDriver } from '../../support/databases';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';

/**
 * A generated set of forged or altered provider notifications (fast-check, fixed seed) against the real
 * notify route. Every one is refused (a replay of a settled payment: accepted, changing nothing), nothing in the
 * orders, items, events, invoices, counters, outbox or sandbox payments changes, each refusal is logged exactly
 * once and no log line carries a token, a key or a body. Only notifications the provider signed are stored in
 * payment_notifications; an unverified one is logged and forgotten, so that nobody can fill the table.
 */
const CASES = 1000;
const SEED = 110_011;

const ATTACKER_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
  type: 'pkcs8',
  format: 'pem',
}) as string;

const day = (offset: number) =>
  DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: offset }).toISODate()!;
const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);
const digest = (body: string | Uint8Array) => createHash('sha512').update(body).digest('base64');

type Signer = 'provider' | 'attacker' | 'none' | 'HS512-pem' | 'HS256-pem' | 'HS512-der' | 'RS256' | 'PS512';

interface Keys {
  providerKey: string;
  publicKeyPem: string;
}

/** A token made by hand, to try what a careful signer never produces. */
function handToken(claims: Record<string, unknown>, signer: Signer, keys: Keys): string {
  const alg: Record<Signer, string> = {
    provider: 'RS512',
    attacker: 'RS512',
    none: 'none',
    'HS512-pem': 'HS512',
    'HS256-pem': 'HS256',
    'HS512-der': 'HS512',
    RS256: 'RS256',
    PS512: 'PS512',
  };
  const input = `${b64url(JSON.stringify({ alg: alg[signer], typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  const der = () => createPublicKey(keys.publicKeyPem).export({ type: 'spki', format: 'der' });
  const signature: Record<Signer, () => Buffer> = {
    provider: () => sign('sha512', Buffer.from(input), keys.providerKey),
    attacker: () => sign('sha512', Buffer.from(input), ATTACKER_KEY),
    none: () => Buffer.alloc(0),
    'HS512-pem': () => createHmac('sha512', keys.publicKeyPem).update(input).digest(),
    'HS256-pem': () => createHmac('sha256', keys.publicKeyPem).update(input).digest(),
    'HS512-der': () => createHmac('sha512', der()).update(input).digest(),
    RS256: () => sign('sha256', Buffer.from(input), keys.providerKey),
    PS512: () =>
      sign('sha512', Buffer.from(input), {
        key: keys.providerKey,
        padding: constants.RSA_PKCS1_PSS_PADDING,
        saltLength: 64,
      }),
  };
  return `${input}.${b64url(signature[signer]())}`;
}

function genuineClaims(body: string | Uint8Array, now = nowSeconds()): Record<string, unknown> {
  return {
    iss: 'NETOPIA Payments',
    aud: [SANDBOX_POS_SIGNATURE],
    sub: digest(body),
    iat: now,
    nbf: now,
    exp: now + 300,
  };
}

interface Order {
  id: string;
  providerPaymentId: string;
  amountBani: number;
}

const paidBody = (
  order: Order,
  overrides: Partial<{ amountBani: number; currency: string; orderId: string }> = {},
) =>
  buildNotificationBody({
    orderId: overrides.orderId ?? order.id,
    ntpId: order.providerPaymentId,
    status: NETOPIA_STATUS.PAID,
    amountBani: overrides.amountBani ?? order.amountBani,
    currency: overrides.currency ?? 'RON',
  });

/** What each generated case is; `built` turns it into a request once the orders exist. */
type Forgery =
  | { kind: 'signer'; signer: Exclude<Signer, 'provider'> }
  | { kind: 'audience'; aud: unknown }
  | { kind: 'issuer'; iss: unknown }
  | { kind: 'time'; claims: Record<string, unknown>; unit: 1 | 1000 }
  | { kind: 'flipped byte'; position: number; mask: number }
  | { kind: 'tampered token'; part: 0 | 1 | 2; position: number }
  | { kind: 'another order'; fresh: boolean }
  | { kind: 'amount'; delta: number; resigned: boolean }
  | { kind: 'currency'; currency: string; resigned: boolean }
  | { kind: 'unknown order'; orderId: string }
  | { kind: 'no token'; token: string | null }
  | { kind: 'replay'; fresh: boolean };

const TIME_SHAPES = [
  'expired',
  'not yet valid',
  'issued ahead',
  'without exp',
  'without iat',
  'too old',
  'exp as text',
] as const;

const forgery: fc.Arbitrary<Forgery> = fc.oneof(
  fc.record({
    kind: fc.constant('signer' as const),
    signer: fc.constantFrom<Exclude<Signer, 'provider'>>(
      'attacker',
      'none',
      'HS512-pem',
      'HS256-pem',
      'HS512-der',
      'RS256',
      'PS512',
    ),
  }),
  fc.record({
    kind: fc.constant('audience' as const),
    aud: fc.oneof(
      fc.string({ minLength: 1 }).filter((text) => text !== SANDBOX_POS_SIGNATURE),
      fc.array(
        fc.string().filter((text) => text !== SANDBOX_POS_SIGNATURE),
        { maxLength: 3 },
      ),
      fc.constant(null),
      fc.constant(undefined),
    ),
  }),
  fc.record({
    kind: fc.constant('issuer' as const),
    iss: fc.oneof(
      fc.string().filter((text) => text !== 'NETOPIA Payments'),
      fc.constantFrom('netopia payments', 'NETOPIA Payments ', 'NETOPIA', undefined, null, [
        'NETOPIA Payments',
      ]),
    ),
  }),
  fc
    .record({
      shape: fc.constantFrom(...TIME_SHAPES),
      by: fc.integer({ min: 120, max: 10 * 24 * 3600 }),
      unit: fc.constantFrom<1 | 1000>(1, 1000),
    })
    .map(({ shape, by, unit }): Forgery => {
      const now = nowSeconds();
      const claims: Record<string, unknown> = { iat: now, nbf: now, exp: now + 300 };
      switch (shape) {
        case 'expired':
          Object.assign(claims, { iat: now - by - 300, nbf: now - by - 300, exp: now - by });
          break;
        case 'not yet valid':
          claims.nbf = now + by;
          break;
        case 'issued ahead':
          Object.assign(claims, { iat: now + by, nbf: undefined });
          break;
        case 'without exp':
          claims.exp = undefined;
          break;
        case 'without iat':
          claims.iat = undefined;
          break;
        case 'too old':
          Object.assign(claims, { iat: now - 3600 - by, nbf: now - 3600 - by, exp: now + 300 });
          break;
        case 'exp as text':
          claims.exp = String(now + 300);
          break;
      }
      return { kind: 'time', claims, unit };
    }),
  fc.record({
    kind: fc.constant('flipped byte' as const),
    position: fc.nat(),
    mask: fc.integer({ min: 1, max: 255 }),
  }),
  fc.record({
    kind: fc.constant('tampered token' as const),
    part: fc.constantFrom<0 | 1 | 2>(0, 1, 2),
    position: fc.nat(),
  }),
  fc.record({ kind: fc.constant('another order' as const), fresh: fc.boolean() }),
  fc.record({
    kind: fc.constant('amount' as const),
    delta: fc.integer({ min: -8000, max: 100_000 }).filter((delta) => delta !== 0),
    resigned: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('currency' as const),
    currency: fc.stringMatching(/^[A-Z]{3}$/).filter((currency) => currency !== 'RON'),
    resigned: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('unknown order' as const),
    orderId: fc.stringMatching(/^[\w-]{1,40}$/),
  }),
  fc.record({
    kind: fc.constant('no token' as const),
    token: fc.oneof(
      fc.constant(null),
      fc.constantFrom('', ' ', '..', 'a.b.c', 'Bearer x'),
      fc.stringMatching(/^[!-~]{0,80}$/),
    ),
  }),
  fc.record({ kind: fc.constant('replay' as const), fresh: fc.boolean() }),
);

interface Built {
  body: string | Uint8Array<ArrayBuffer>;
  token: string | null;
  /** A notification the provider signed is stored whatever its outcome; a forged one never is. */
  stored: boolean;
  /** Only a replay of the settled payment is accepted (errorType 0), changing nothing. */
  accepted: boolean;
}

interface World {
  keys: Keys;
  target: Order;
  other: Order;
  settled: Order;
  settledBody: string;
  settledToken: string;
}

function build(forged: Forgery, world: World): Built {
  const { keys, target, other } = world;
  const body = paidBody(target);
  const refused = (token: string | null, changedBody: string | Uint8Array<ArrayBuffer> = body): Built => ({
    body: changedBody,
    token,
    stored: false,
    accepted: false,
  });
  const providerToken = (claims: Record<string, unknown>) => handToken(claims, 'provider', keys);
  switch (forged.kind) {
    case 'signer':
      return refused(handToken(genuineClaims(body), forged.signer, keys));
    case 'audience':
      return refused(providerToken({ ...genuineClaims(body), aud: forged.aud }));
    case 'issuer':
      return refused(providerToken({ ...genuineClaims(body), iss: forged.iss }));
    case 'time': {
      const claims = { ...genuineClaims(body) };
      for (const [name, value] of Object.entries(forged.claims)) {
        claims[name] = typeof value === 'number' ? value * forged.unit : value;
      }
      return refused(providerToken(claims));
    }
    case 'flipped byte': {
      const bytes = Buffer.from(body, 'utf8');
      const position = forged.position % bytes.length;
      bytes[position] = bytes[position]! ^ forged.mask;
      return refused(providerToken(genuineClaims(body)), new Uint8Array(bytes));
    }
    case 'tampered token': {
      const parts = providerToken(genuineClaims(body)).split('.');
      const segment = parts[forged.part]!;
      // Not the last character: its low bits may be padding, which a decoder ignores.
      const position = forged.position % (segment.length - 1);
      const replacement = segment[position] === 'A' ? 'B' : 'A';
      parts[forged.part] = segment.slice(0, position) + replacement + segment.slice(position + 1);
      return refused(parts.join('.'));
    }
    case 'another order': {
      // The token signed for another order's notification, sent with this order's body, or the reverse.
      const otherToken = providerToken(genuineClaims(paidBody(other)));
      return forged.fresh
        ? refused(otherToken)
        : refused(providerToken(genuineClaims(body)), paidBody(other, { orderId: target.id }));
    }
    case 'amount': {
      const changed = paidBody(target, { amountBani: Math.max(0, target.amountBani + forged.delta) });
      const token = providerToken(genuineClaims(forged.resigned ? changed : body));
      return { body: changed, token, stored: forged.resigned, accepted: false };
    }
    case 'currency': {
      const changed = paidBody(target, { currency: forged.currency });
      const token = providerToken(genuineClaims(forged.resigned ? changed : body));
      return { body: changed, token, stored: forged.resigned, accepted: false };
    }
    case 'unknown order': {
      const changed = paidBody(target, { orderId: `${forged.orderId}-unknown` });
      return { body: changed, token: providerToken(genuineClaims(changed)), stored: true, accepted: false };
    }
    case 'no token':
      return refused(forged.token);
    case 'replay':
      return {
        body: world.settledBody,
        token: forged.fresh ? providerToken(genuineClaims(world.settledBody)) : world.settledToken,
        stored: true,
        accepted: true,
      };
  }
}

async function deliver(body: string | Uint8Array<ArrayBuffer>, token: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers['verification-token'] = token;
  const response = await notify(
    new Request('http://localhost/api/payments/netopia/notify', { method: 'POST', headers, body }),
    noParams,
  );
  return { status: response.status, answer: (await response.json()) as { errorType: number } };
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

for (const driver of drivers) {
  describeForDriver(driver.available)(`${CASES} forged notifications on ${driver.name}`, () => {
    jest.setTimeout(180_000);
    let env: Awaited<ReturnType<typeof useProcessDatabase>>;
    let drop: (() => Promise<void>) | undefined;
    let world: World;
    const lines: { level: string; text: string }[] = [];
    const db = () => env.database.db;

    const createOrder = async (plate: string): Promise<Order> => {
      const response = await postOrder(
        jsonRequest('/api/nmps/orders/order', {
          body: {
            items: [{ categoryCode: 'CAR', type: 'WEEK', startDate: day(1), plate, country: 'RO' }],
            email: 'driver@example.ro',
            locale: 'ro',
            acceptTerms: true,
          },
        }),
        noParams,
      );
      const { orderId } = (await response.json()) as { orderId: string };
      const row = (await findOrder(db(), orderId))!;
      return { id: row.id, providerPaymentId: row.providerPaymentId!, amountBani: row.amountBani };
    };

    /** Every table a notification could change, ordered so that two snapshots compare as values. */
    const snapshot = async () => ({
      orders: await db().select().from(orders).orderBy(asc(orders.id)),
      orderItems: await db().select().from(orderItems).orderBy(asc(orderItems.id)),
      orderEvents: await db().select().from(orderEvents).orderBy(asc(orderEvents.id)),
      invoices: await db().select().from(invoices).orderBy(asc(invoices.id)),
      invoiceCounters: await db().select().from(invoiceCounters),
      outbox: await db().select().from(outbox).orderBy(asc(outbox.id)),
      sandboxPayments: await db().select().from(sandboxPayments).orderBy(asc(sandboxPayments.ntpId)),
    });
    const storedNotifications = async () =>
      Number((await db().select({ n: count() }).from(paymentNotifications))[0]!.n);

    beforeAll(async () => {
      if (driver.name === 'postgres') {
        const created = await createPostgresDatabase();
        drop = created.drop;
        env = await useProcessDatabase(created.url);
      } else {
        env = await useProcessDatabase();
      }
      const sandboxKeys = await getSandboxKeys(db());
      const keys = { providerKey: sandboxKeys.privateKeyPem, publicKeyPem: sandboxKeys.publicKeyPem };
      const [target, other, settled] = [
        await createOrder('B123XYZ'),
        await createOrder('CJ45ABC'),
        await createOrder('SB01DEF'),
      ] as [Order, Order, Order];
      const settledBody = paidBody(settled);
      const settledToken = handToken(genuineClaims(settledBody), 'provider', keys);
      expect((await deliver(settledBody, settledToken)).answer.errorType).toBe(0);
      await fulfilPaidOrders(db(), sandboxDeliverers);
      expect((await findOrder(db(), settled.id))!.status).toBe('FULFILLED');
      world = { keys, target, other, settled, settledBody, settledToken };

      for (const level of LEVELS) {
        jest.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
          lines.push({ level, text: JSON.stringify(args) });
        }) as never);
      }
    });
    afterAll(async () => {
      jest.restoreAllMocks();
      await env?.cleanup();
      await drop?.();
    });

    it('refuses every one, changes nothing, stores only what the provider signed and logs each refusal once without secrets', async () => {
      const before = await snapshot();
      let stored = await storedNotifications();
      const seen = new Set<string>();
      const { keys } = world;
      const secrets = [keys.providerKey, keys.publicKeyPem, ATTACKER_KEY].flatMap((pem) =>
        pem.split('\n').filter((line) => line.length > 40),
      );
      /** The pieces of a token, a key or a body that a log line must never hold. */
      const leaksIn = (text: string, built: Built) =>
        [
          ...(built.token ?? '').split('.').filter((part) => part.length > 16),
          Buffer.from(built.body).toString('utf8').slice(0, 40),
          'ntpID',
          ...secrets,
        ].filter((secret) => text.includes(secret));

      await fc.assert(
        fc.asyncProperty(forgery, async (forged) => {
          seen.add(forged.kind);
          const built = build(forged, world);
          lines.length = 0;
          const { status, answer } = await deliver(built.body, built.token);

          const after = await storedNotifications();
          const refusals = lines.filter((line) => ['fatal', 'error', 'warn'].includes(line.level)).length;
          // Matchers capture a stack trace each: one comparison per case keeps 1 000 cases fast.
          expect({
            status: status < 500,
            errorType: answer.errorType,
            stored: after - stored,
            refusals,
            leaks: lines.flatMap(({ text }) => leaksIn(text, built)),
          }).toEqual({
            status: true,
            errorType: built.accepted ? 0 : 2,
            stored: built.stored ? 1 : 0,
            refusals: built.accepted ? 0 : 1,
            leaks: [],
          });
          stored = after;
        }),
        { seed: SEED, numRuns: CASES, endOnFailure: true },
      );

      expect(await snapshot()).toEqual(before);
      expect((await findOrder(db(), world.target.id))!.status).toBe('PENDING_PAYMENT');
      // The generator reached every kind of forgery.
      expect([...seen].sort()).toEqual(
        [
          'signer',
          'audience',
          'issuer',
          'time',
          'flipped byte',
          'tampered token',
          'another order',
          'amount',
          'currency',
          'unknown order',
          'no token',
          'replay',
        ].sort(),
      );
    });
  });
}
