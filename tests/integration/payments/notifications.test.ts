import { createHash, generateKeyPairSync } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { importPKCS8, SignJWT } from 'jose';
import { DateTime } from 'luxon';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import { POST as postOrder } from '@/app/api/nmps/orders/order/route';
import { invoices, orderEvents, orders, outbox } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import {
  buildNotificationBody,
  NETOPIA_IPN_ERROR_CODE,
  signNotification,
} from '@/lib/payment-provider/netopia/notification';
import { SANDBOX_POS_SIGNATURE } from '@/lib/payment-provider/sandbox/sandbox';
import { getSandboxKeys } from '@/lib/db/generated-secrets';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';

const day = (offset: number) =>
  DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: offset }).toISODate()!;
const orderBody = (plate = 'HD12ABC') => ({
  items: [{ categoryCode: 'CAR', type: 'WEEK', startDate: day(1), plate, country: 'RO' }],
  email: 'driver@example.ro',
  locale: 'ro',
  acceptTerms: true,
});

describe("orders and the provider's notifications", () => {
  let env: Awaited<ReturnType<typeof useProcessDatabase>>;
  let privateKeyPem: string;
  beforeAll(async () => {
    env = await useProcessDatabase();
    privateKeyPem = (await getSandboxKeys(env.database.db)).privateKeyPem;
  });
  afterAll(async () => env.cleanup());

  const db = () => env.database.db;
  const createOrder = async (body: unknown = orderBody(), key?: string) => {
    const response = await postOrder(
      jsonRequest('/api/nmps/orders/order', { body, headers: key ? { 'idempotency-key': key } : {} }),
      noParams,
    );
    return { status: response.status, body: await response.json() };
  };
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const invoiceCount = async (id: string) =>
    Number((await db().select({ n: count() }).from(invoices).where(eq(invoices.orderId, id)))[0]!.n);
  const paidBody = (
    order: { id: string; providerPaymentId: string | null; amountBani: number },
    overrides: Partial<{ status: number; amountBani: number; currency: string; orderId: string }> = {},
  ) =>
    buildNotificationBody({
      orderId: overrides.orderId ?? order.id,
      ntpId: order.providerPaymentId!,
      status: overrides.status ?? 3,
      amountBani: overrides.amountBani ?? order.amountBani,
      currency: overrides.currency ?? 'RON',
    });
  const deliver = async (body: string, token: string | null) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== null) headers['verification-token'] = token;
    const response = await notify(
      new Request('http://localhost/api/payments/netopia/notify', { method: 'POST', headers, body }),
      noParams,
    );
    return { status: response.status, answer: await response.json() };
  };
  const sign = (body: string) =>
    signNotification({ body, privateKeyPem, posSignature: SANDBOX_POS_SIGNATURE });

  it('creates an order with a payment URL, and an Idempotency-Key replays it instead of making another', async () => {
    const first = await createOrder(orderBody(), 'checkout-key-0001');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: 'PENDING_PAYMENT',
      amountRon: 8976,
      paymentUrl: expect.stringContaining('/sandbox-pay/'),
    });
    expect(first.body.orderId).toMatch(/^[\w-]{22}$/);

    const again = await createOrder(orderBody(), 'checkout-key-0001');
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(first.body.orderId);
    const conflicting = await createOrder(orderBody('CJ01XYZ'), 'checkout-key-0001');
    expect(conflicting.status).toBe(409);
    expect(
      Number(
        (
          await db().select({ n: count() }).from(orders).where(eq(orders.idempotencyKey, 'checkout-key-0001'))
        )[0]!.n,
      ),
    ).toBe(1);
  });

  it('answers 422 naming the field when the terms are not accepted', async () => {
    const response = await createOrder({ ...orderBody(), acceptTerms: false });
    expect(response.status).toBe(422);
    expect(response.body.error.issues).toContainEqual(
      expect.objectContaining({ path: 'acceptTerms', code: 'termsRequired' }),
    );
  });

  it('rejects every forged, altered or mismatched notification and changes nothing', async () => {
    const { body: created } = await createOrder(orderBody('B123XYZ'));
    const order = await orderRow(created.orderId);
    const body = paidBody(order);
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const sub = createHash('sha512').update(body).digest('base64');
    const claims = { iss: 'NETOPIA Payments', aud: [SANDBOX_POS_SIGNATURE], sub };
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = async (alg: string, key: string, payload: object = claims, expiresIn = '5m') =>
      new SignJWT({ ...payload })
        .setProtectedHeader({ alg, typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(await importPKCS8(key, alg));
    const oneByte = body.replace('"status":3', '"status":5');

    const attempts: [string, string, string | null][] = [
      ['no token', body, null],
      [
        'forged signature',
        body,
        await signNotification({ body, privateKeyPem: otherKey, posSignature: SANDBOX_POS_SIGNATURE }),
      ],
      [
        'alg none',
        body,
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: Math.floor(Date.now() / 1000) + 300 })}.`,
      ],
      ['another algorithm (RS256)', body, await signed('RS256', privateKeyPem)],
      ['wrong audience', body, await signNotification({ body, privateKeyPem, posSignature: 'SOMEONE-ELSE' })],
      ['wrong issuer', body, await signed('RS512', privateKeyPem, { ...claims, iss: 'Evil Payments' })],
      ['expired token', body, await signed('RS512', privateKeyPem, claims, '-10m')],
      ['a body changed by one byte', oneByte, await sign(body)],
      [
        'a wrong amount',
        paidBody(order, { amountBani: order.amountBani - 1 }),
        await sign(paidBody(order, { amountBani: order.amountBani - 1 })),
      ],
      [
        'a wrong currency',
        paidBody(order, { currency: 'EUR' }),
        await sign(paidBody(order, { currency: 'EUR' })),
      ],
      [
        'an unknown order',
        paidBody(order, { orderId: 'no-such-order-id-00000' }),
        await sign(paidBody(order, { orderId: 'no-such-order-id-00000' })),
      ],
    ];
    for (const [name, attemptBody, token] of attempts) {
      const { answer } = await deliver(attemptBody, token);
      expect({ name, errorType: answer.errorType }).toEqual({ name, errorType: 2 });
      // A refused signature carries the official SDKs' code for the check that failed.
      if (name === 'forged signature')
        expect(answer.errorCode).toBe(NETOPIA_IPN_ERROR_CODE.VERIFICATION_FAILED_SIGNATURE);
    }
    expect((await orderRow(order.id)).status).toBe('PENDING_PAYMENT');
    expect(await invoiceCount(order.id)).toBe(0);
  });

  it('applies the same valid notification delivered five times, some at once, exactly once: one payment, one issue, one e-mail', async () => {
    const { body: created } = await createOrder(orderBody('SB01ABC'));
    const order = await orderRow(created.orderId);
    const body = paidBody(order);
    const token = await sign(body);
    const concurrent = await Promise.all([deliver(body, token), deliver(body, token), deliver(body, token)]);
    const sequential = [await deliver(body, token), await deliver(body, token)];
    for (const { status, answer } of [...concurrent, ...sequential]) {
      expect(status).toBe(200);
      expect(answer.errorType).toBe(0);
    }
    expect((await orderRow(order.id)).status).toBe('PAID');
    expect(await invoiceCount(order.id)).toBe(1);
    const paidEvents = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(paidEvents.filter((event) => event.toStatus === 'PAID')).toHaveLength(1);

    // One issue and one e-mail, however often the issuing job runs.
    await Promise.all([fulfilPaidOrders(db(), sandboxDeliverers), fulfilPaidOrders(db(), sandboxDeliverers)]);
    await fulfilPaidOrders(db(), sandboxDeliverers);
    expect((await orderRow(order.id)).status).toBe('FULFILLED');
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((event) => event.toStatus === 'FULFILLED')).toHaveLength(1);
    expect(
      Number((await db().select({ n: count() }).from(outbox).where(eq(outbox.orderId, order.id)))[0]!.n),
    ).toBe(1);
  });

  it('never moves a terminal order back, and keeps a late payment for review', async () => {
    const { body: created } = await createOrder(orderBody('TM99XYZ'));
    const order = await orderRow(created.orderId);
    await deliver(paidBody(order, { status: 23 }), await sign(paidBody(order, { status: 23 })));
    expect((await orderRow(order.id)).status).toBe('EXPIRED');
    await deliver(paidBody(order), await sign(paidBody(order)));
    const after = await orderRow(order.id);
    expect(after.status).toBe('EXPIRED');
    expect(after.needsReview).toBe(true);
    expect(await invoiceCount(order.id)).toBe(0);
  });

  it('declined cards fail the order', async () => {
    const { body: created } = await createOrder(orderBody('AB12CDE'));
    const order = await orderRow(created.orderId);
    await deliver(paidBody(order, { status: 12 }), await sign(paidBody(order, { status: 12 })));
    expect((await orderRow(order.id)).status).toBe('FAILED');
  });
});
