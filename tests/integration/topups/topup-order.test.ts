import { count, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { ParsedMail } from 'mailparser';
import { GET as getOperators } from '@/app/api/eps/utils/operators/route';
import { POST as postTopUpOrder } from '@/app/api/eps/order/route';
import { GET as getTransactionDetails } from '@/app/api/eps/utils/transaction/details/route';
import { POST as postVignetteOrder } from '@/app/api/nmps/orders/order/route';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import { hashPassword } from '@/lib/auth/password';
import { issueToken } from '@/lib/auth/tokens';
import {
  invoices,
  orderEvents,
  orderItems,
  orders,
  outbox,
  rolePermissions,
  roles,
  users,
} from '@/lib/db/schema';
import { invoiceTotals } from '@/lib/invoices/vat';
import { orderInvoiceDocument } from '@/lib/invoices/frozen';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import type { TopUpDelivered, TopUpRequest } from '@/lib/issuers/topup-provider';
import type { Mailer } from '@/lib/mail/mailer';
import { fulfilPaidOrders, MAX_ISSUE_ATTEMPTS } from '@/lib/orders/fulfilment';
import type { Deliverers } from '@/lib/issuers/deliverers';
import { buildNotificationBody, signNotification } from '@/lib/payment-provider/netopia/notification';
import {
  deliverSandboxNotifications,
  SANDBOX_POS_SIGNATURE,
  sandboxPay,
} from '@/lib/payment-provider/sandbox/sandbox';
import { getSandboxKeys } from '@/lib/db/generated-secrets';
import type { TopUpOperator, TopUpProduct } from '@/lib/topups/catalog';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';
import { sendDueMail } from '../../support/outbox';

/** A top-up's reference: Reloadly's transaction id (the sandbox's are 7 to 9 digits). */
const RELOADLY_TRANSACTION_ID = /^\d{7,9}$/;

/** Netopia's sandbox card that always pays (CVV 111). */
const ACCEPTED_CARD = '9900004810225098';

/** The provider's notifications reach the shop's handler in-process, as they would over HTTP. */
const toNotifyHandler: typeof fetch = async (input, init) =>
  notify(new Request(String(input), init), noParams);

const topUpBody = (overrides: Record<string, unknown> = {}) => ({
  operatorId: 'orange',
  productId: 'orange-10',
  phone: '0722 123 456',
  email: 'buyer@example.ro',
  locale: 'ro',
  acceptTerms: true,
  ...overrides,
});

const postOrder = async (body: unknown, idempotencyKey?: string) => {
  const response = await postTopUpOrder(
    jsonRequest('/api/eps/order', {
      body,
      headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    }),
    noParams,
  );
  return { status: response.status, body: await response.json() };
};

/** The `path:code` of every issue of a 422 answer. */
const issuesOf = async (body: unknown): Promise<string[]> => {
  const { status, body: answer } = await postOrder(body);
  expect(status).toBe(422);
  expect(answer.error.code).toBe('VALIDATION');
  return answer.error.issues.map((issue: { path: string; code: string }) => `${issue.path}:${issue.code}`);
};

const fetchOperators = async (): Promise<TopUpOperator[]> => {
  const response = await getOperators(jsonRequest('/api/eps/utils/operators'), noParams);
  expect(response.status).toBe(200);
  return response.json();
};

const findProduct = (operators: TopUpOperator[], productId: string) => {
  for (const operator of operators) {
    const product = operator.products.find((candidate) => candidate.id === productId);
    if (product) return { operator, product };
  }
  throw new Error(`product ${productId} is not in the catalog`);
};

let env: Awaited<ReturnType<typeof useProcessDatabase>>;
const db = () => env.database.db;

beforeAll(async () => {
  env = await useProcessDatabase();
});
afterAll(async () => env.cleanup());

const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const itemRow = async (orderId: string) =>
  (await db().select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!;
const eventsOf = (orderId: string) => db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
const outboxCount = async (orderId: string) =>
  Number((await db().select({ n: count() }).from(outbox).where(eq(outbox.orderId, orderId)))[0]!.n);

/** A top-up order created through the API, as its stored row. */
const createTopUp = async (overrides: Record<string, unknown> = {}) => {
  const { status, body } = await postOrder(topUpBody(overrides));
  expect(status).toBe(201);
  return orderRow(body.orderId);
};

/** Pays on the sandbox's card form and lets its notification reach the shop: the order is PAID. */
const payAndNotify = async (order: { id: string; providerPaymentId: string | null }) => {
  const paid = await sandboxPay(db(), {
    ntpId: order.providerPaymentId!,
    cardNumber: ACCEPTED_CARD,
    cvv: '111',
    expiry: '12/30',
  });
  expect(paid.kind).toBe('DONE');
  await deliverSandboxNotifications(db(), toNotifyHandler);
  expect((await orderRow(order.id)).status).toBe('PAID');
};

describe('GET /api/eps/utils/operators', () => {
  it('lists orange, vodafone and digi in order, each product priced in bani with its face value in EUR', async () => {
    const operators = await fetchOperators();
    expect(operators.map((operator) => operator.id)).toEqual(['orange', 'vodafone', 'digi']);
    for (const operator of operators) {
      expect(operator.products.length).toBeGreaterThan(0);
      for (const product of operator.products) {
        expect(product).toEqual({
          id: expect.any(String),
          faceValue: expect.any(Number),
          currency: 'EUR',
          priceRon: expect.any(Number),
          delivery: expect.stringMatching(/^(DIRECT|PIN)$/),
        });
        expect(product.faceValue).toBeGreaterThan(0);
        expect(Number.isInteger(product.priceRon)).toBe(true);
        expect(product.priceRon).toBeGreaterThan(0);
      }
    }
    const all = operators.flatMap((operator) => operator.products);
    expect(all.some((product) => product.delivery === 'PIN')).toBe(true);
    expect(all.some((product) => product.delivery === 'DIRECT')).toBe(true);
  });
});

describe('POST /api/eps/order', () => {
  it.each([
    ['a malformed number', { phone: '0712 34' }, 'phone:phoneInvalid'],
    ['a landline', { phone: '021 312 3456' }, 'phone:phoneNotMobile'],
    ['an unknown operator', { operatorId: 'telekom' }, 'operatorId:operatorUnknown'],
    ['an unknown product', { productId: 'orange-1000' }, 'productId:productUnknown'],
    [
      'a product of another operator',
      { operatorId: 'orange', productId: 'vodafone-10' },
      'productId:productOfOtherOperator',
    ],
    ['terms not accepted', { acceptTerms: false }, 'acceptTerms:termsRequired'],
    ['terms missing', { acceptTerms: undefined }, 'acceptTerms:termsRequired'],
  ])('answers 422 naming the field for %s', async (_name, overrides, expected) => {
    const before = Number((await db().select({ n: count() }).from(orders))[0]!.n);
    expect(await issuesOf(topUpBody(overrides))).toContain(expected);
    expect(Number((await db().select({ n: count() }).from(orders))[0]!.n)).toBe(before);
  });

  it.each(['0722 123 456', '0722123456', '+40 722 123 456', '0040 722 123 456', '722 123 456'])(
    'creates a TOPUP order at the product price with the number %j stored as E.164',
    async (phone) => {
      const { product } = findProduct(await fetchOperators(), 'vodafone-10');
      const { status, body } = await postOrder(
        topUpBody({ operatorId: 'vodafone', productId: 'vodafone-10', phone }),
      );
      expect(status).toBe(201);
      expect(body).toMatchObject({
        status: 'PENDING_PAYMENT',
        amountRon: product.priceRon,
        paymentUrl: expect.stringMatching(/^https?:\/\/.+/),
      });

      const stored = await orderRow(body.orderId);
      expect(stored).toMatchObject({ kind: 'TOPUP', phone: '+40722123456', amountBani: product.priceRon });
      expect(await itemRow(body.orderId)).toMatchObject({
        topUpProductId: 'vodafone-10',
        phone: '+40722123456',
        priceBani: product.priceRon,
        issuedId: null,
      });
    },
  );

  it('replays the first order for the same Idempotency-Key and body instead of making another', async () => {
    const body = topUpBody({ operatorId: 'digi', productId: 'digi-pin-6', phone: '0766 555 444' });
    const first = await postOrder(body, 'topup-key-0001');
    expect(first.status).toBe(201);
    const again = await postOrder(body, 'topup-key-0001');
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(first.body.orderId);
    expect(again.body.paymentUrl).toBe(first.body.paymentUrl);
    const stored = await db().select().from(orders).where(eq(orders.idempotencyKey, 'topup-key-0001'));
    expect(stored).toHaveLength(1);
  });
});

describe('a top-up from order to e-mail', () => {
  let capture: SmtpCapture;
  let mailer: Mailer;
  let received: ParsedMail[];

  beforeAll(async () => {
    capture = await startSmtpCapture();
    ({ mailer, received } = capture);
  });
  afterAll(async () => {
    await capture.close();
  });

  const mailOf = (orderId: string) => received.filter((mail) => mail.text?.includes(orderId));

  /** Orders, pays, fulfils and mails a top-up; returns the order, its delivered item and its one e-mail. */
  const purchase = async (overrides: Record<string, unknown>) => {
    const created = await createTopUp(overrides);
    await payAndNotify(created);
    await fulfilPaidOrders(db(), sandboxDeliverers);
    expect((await orderRow(created.id)).status).toBe('FULFILLED');
    expect(await sendDueMail(db(), mailer)).toBeGreaterThanOrEqual(1);
    const mails = mailOf(created.id);
    expect(mails).toHaveLength(1);
    return { order: created, item: await itemRow(created.id), mail: mails[0]! };
  };

  const expectInvoiceAttached = (mail: ParsedMail) => {
    const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.filename).toMatch(/^factura-RPT-\d{4}-\d{6}\.pdf$/);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
  };

  /** The stored invoice says what its PDF says: the top-up series and the VAT included in the price. */
  const expectInvoiceRecord = async (orderId: string) => {
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, orderId));
    const document = (await orderInvoiceDocument(db(), orderId))!;
    expect(invoice!.series).toBe('RPT');
    expect(invoice!.vatBani).toBeGreaterThan(0);
    expect(invoice!.vatBani).toBe(invoiceTotals(document.lines).vatBani);
  };

  it('credits a DIRECT top-up and e-mails its reference, the number as a Romanian reads it and the invoice (ro)', async () => {
    const { order, item, mail } = await purchase({
      operatorId: 'orange',
      productId: 'orange-10',
      phone: '+40722123456',
      email: 'direct@example.ro',
      locale: 'ro',
    });
    expect(item.issuedId).toMatch(RELOADLY_TRANSACTION_ID);
    expect(item.deliveredPin).toBeNull();
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('direct@example.ro');
    expect(mail.text).toContain(item.issuedId!);
    expect(mail.text).toMatch(new RegExp(`Referința furnizorului\\W+${item.issuedId}\\b`));
    expect(mail.text).toContain('0722 123 456');
    expect(mail.text).toContain(order.id);
    expectInvoiceAttached(mail);
    await expectInvoiceRecord(order.id);
  });

  it('delivers a PIN top-up and e-mails the 16-digit PIN stored with the item and the invoice (de)', async () => {
    const { item, mail } = await purchase({
      operatorId: 'vodafone',
      productId: 'vodafone-pin-10',
      phone: '0733 222 111',
      email: 'pin@example.de',
      locale: 'de',
    });
    expect(item.deliveredPin).toMatch(/^\d{16}$/);
    expect(item.issuedId).toMatch(RELOADLY_TRANSACTION_ID);
    expect(mail.text).toContain(item.deliveredPin!);
    expect(mail.text).toContain('0733 222 111');
    expect(mail.subject).toMatch(/Bestellbestätigung/);
    expectInvoiceAttached(mail);
  });
});

/** The sandbox deliverers, recording every request the top-up provider receives and what it answered. */
const recordingDeliverers = () => {
  const calls: { request: TopUpRequest; delivered: TopUpDelivered }[] = [];
  const deliverers: Deliverers = {
    ...sandboxDeliverers,
    topUps: {
      async deliver(request) {
        const delivered = await sandboxDeliverers.topUps.deliver(request);
        calls.push({ request, delivered });
        return delivered;
      },
    },
  };
  return { deliverers, calls };
};

describe('a top-up and the same notification delivered five times', () => {
  const deliver = async (body: string, token: string) => {
    const response = await notify(
      new Request('http://localhost/api/payments/netopia/notify', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'verification-token': token },
        body,
      }),
      noParams,
    );
    return { status: response.status, answer: await response.json() };
  };

  it('pays once, delivers once and queues one e-mail, with fulfilment run concurrently', async () => {
    const order = await createTopUp({ operatorId: 'digi', productId: 'digi-pin-6', phone: '0744 987 654' });
    const body = buildNotificationBody({
      orderId: order.id,
      ntpId: order.providerPaymentId!,
      status: 3,
      amountBani: order.amountBani,
      currency: 'RON',
    });
    const { privateKeyPem } = await getSandboxKeys(db());
    const token = await signNotification({ body, privateKeyPem, posSignature: SANDBOX_POS_SIGNATURE });

    const concurrent = await Promise.all([deliver(body, token), deliver(body, token), deliver(body, token)]);
    const sequential = [await deliver(body, token), await deliver(body, token)];
    for (const { status, answer } of [...concurrent, ...sequential]) {
      expect(status).toBe(200);
      expect(answer.errorType).toBe(0);
    }
    expect((await orderRow(order.id)).status).toBe('PAID');

    // Concurrent passes may both ask the provider; they must ask with one key, so the provider delivers once.
    const { deliverers, calls } = recordingDeliverers();
    await Promise.all([fulfilPaidOrders(db(), deliverers), fulfilPaidOrders(db(), deliverers)]);
    const delivered = await itemRow(order.id);
    expect(delivered.issuedId).toMatch(RELOADLY_TRANSACTION_ID);
    expect(delivered.deliveredPin).toMatch(/^\d{16}$/);
    await fulfilPaidOrders(db(), deliverers);
    const afterAnotherPass = await itemRow(order.id);
    expect(afterAnotherPass.issuedId).toBe(delivered.issuedId);
    expect(afterAnotherPass.deliveredPin).toBe(delivered.deliveredPin);
    const forThisOrder = calls.filter((call) => call.request.phone === '+40744987654');
    expect(forThisOrder.length).toBeGreaterThanOrEqual(1);
    expect(new Set(forThisOrder.map((call) => call.request.idempotencyKey)).size).toBe(1);
    for (const call of forThisOrder) {
      expect(call.request).toMatchObject({ operatorId: 'digi', productId: 'digi-pin-6', delivery: 'PIN' });
      // 6 EUR less the sandbox's 4 % commission.
      expect(call.delivered).toEqual({
        reference: delivered.issuedId,
        pin: delivered.deliveredPin,
        cost: { amountMinor: 576, currency: 'EUR' },
      });
    }

    expect((await orderRow(order.id)).status).toBe('FULFILLED');
    const events = await eventsOf(order.id);
    expect(events.filter((event) => event.toStatus === 'PAID')).toHaveLength(1);
    expect(events.filter((event) => event.toStatus === 'FULFILLED')).toHaveLength(1);
    expect(await outboxCount(order.id)).toBe(1);

    // The one queued message is the one e-mail: sending again sends nothing more for this order.
    const sent: string[] = [];
    const recordingMailer: Mailer = {
      async send(message) {
        sent.push(message.text);
        return { messageId: `<${sent.length}@test>` };
      },
      async close() {},
    };
    await sendDueMail(db(), recordingMailer);
    await sendDueMail(db(), recordingMailer);
    const mails = sent.filter((text) => text.includes(order.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(delivered.deliveredPin!);
  });
});

describe('a top-up the provider keeps refusing', () => {
  it(`retries on every pass and, after MAX_ISSUE_ATTEMPTS (${MAX_ISSUE_ATTEMPTS}), leaves the order FULFILLMENT_FAILED with the error`, async () => {
    const order = await createTopUp({ phone: '0799 999 123' });
    expect(order.phone).toBe('+40799999123');
    await payAndNotify(order);

    for (let pass = 1; pass < MAX_ISSUE_ATTEMPTS; pass++) {
      await fulfilPaidOrders(db(), sandboxDeliverers);
      const item = await itemRow(order.id);
      expect({ pass, attempts: item.issueAttempts, status: (await orderRow(order.id)).status }).toEqual({
        pass,
        attempts: pass,
        status: 'PAID',
      });
      expect(item.issuedId).toBeNull();
      expect(item.issueError).toBeTruthy();
    }
    await fulfilPaidOrders(db(), sandboxDeliverers);

    expect((await orderRow(order.id)).status).toBe('FULFILLMENT_FAILED');
    const item = await itemRow(order.id);
    expect(item.issueAttempts).toBe(MAX_ISSUE_ATTEMPTS);
    expect(item.issuedId).toBeNull();
    expect(item.issueError).toBeTruthy();
    const failed = (await eventsOf(order.id)).filter((event) => event.toStatus === 'FULFILLMENT_FAILED');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason).toContain(item.issueError!);
    // No confirmation: only the buyer's news that the delivery failed (no STAFF_ALERT_EMAIL here).
    const queued = await db().select({ kind: outbox.kind }).from(outbox).where(eq(outbox.orderId, order.id));
    expect(queued.map((row) => row.kind)).toEqual(['DELIVERY_FAILED']);

    // A failed order is left to a person: later passes do not deliver or retry it.
    await fulfilPaidOrders(db(), sandboxDeliverers);
    expect((await itemRow(order.id)).issueAttempts).toBe(MAX_ISSUE_ATTEMPTS);
  });
});

describe('GET /api/eps/utils/transaction/details', () => {
  const details = async (id: string | undefined, token?: string) => {
    const query = id === undefined ? '' : `?id=${encodeURIComponent(id)}`;
    const response = await getTransactionDetails(
      jsonRequest(`/api/eps/utils/transaction/details${query}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }),
      noParams,
    );
    return { status: response.status, body: await response.json() };
  };

  const createUser = async (username: string, roleName: string) => {
    const [user] = await db()
      .insert(users)
      .values({ username, passwordHash: await hashPassword('a-long-test-password'), roleName })
      .returning();
    return user!;
  };
  const tokenOf = (user: { id: string; tokenVersion: number }) =>
    issueToken(db(), { sub: user.id, ver: user.tokenVersion });

  /** The same token with another user's id in its claims and the original signature. */
  const withSubject = (token: string, sub: string) => {
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    return [header, Buffer.from(JSON.stringify({ ...claims, sub })).toString('base64url'), signature].join(
      '.',
    );
  };

  let pinOrder: { id: string };
  let pinItem: Awaited<ReturnType<typeof itemRow>>;
  let product: TopUpProduct;
  let operator: TopUpOperator;
  let operatorToken: string;

  beforeAll(async () => {
    const order = await createTopUp({
      operatorId: 'vodafone',
      productId: 'vodafone-pin-5',
      phone: '0755 100 200',
    });
    await payAndNotify(order);
    await fulfilPaidOrders(db(), sandboxDeliverers);
    pinOrder = order;
    pinItem = await itemRow(order.id);
    ({ operator, product } = findProduct(await fetchOperators(), 'vodafone-pin-5'));
    operatorToken = await tokenOf(await createUser('operator1', 'OPERATOR'));
  });

  it('answers 401 without a token, with a tampered one and with one revoked by a password change', async () => {
    expect((await details(pinOrder.id)).status).toBe(401);
    const [admin] = await db().select().from(users).where(eq(users.username, 'admin'));
    const tampered = await details(pinOrder.id, withSubject(operatorToken, admin!.id));
    expect(tampered.status).toBe(401);
    expect(tampered.body.error.code).toBe('UNAUTHORIZED');
    expect((await details(pinOrder.id, `${operatorToken}x`)).status).toBe(401);

    const changed = await createUser('operator-changed-password', 'OPERATOR');
    const oldToken = await tokenOf(changed);
    expect((await details(pinOrder.id, oldToken)).status).toBe(200);
    await db()
      .update(users)
      .set({ tokenVersion: changed.tokenVersion + 1 })
      .where(eq(users.id, changed.id));
    expect((await details(pinOrder.id, oldToken)).status).toBe(401);
  });

  it('answers 403 for a signed-in user whose role lacks PAYMENT_READ', async () => {
    await db().insert(roles).values({ name: 'AUDITOR' });
    await db().insert(rolePermissions).values({ roleName: 'AUDITOR', authority: 'USER_READ' });
    const auditor = await createUser('auditor1', 'AUDITOR');
    const { status, body } = await details(pinOrder.id, await tokenOf(auditor));
    expect(status).toBe(403);
    expect(body.error.code).toBe('FORBIDDEN');
    expect(JSON.stringify(body)).not.toContain(pinItem.deliveredPin!);
  });

  it('shows an OPERATOR the top-up with its operator, number, delivery, reference, masked PIN and history', async () => {
    const { status, body } = await details(pinOrder.id, operatorToken);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: pinOrder.id,
      kind: 'TOPUP',
      status: 'FULFILLED',
      phone: '+40755100200',
    });
    expect(body.items).toHaveLength(1);
    const [item] = body.items;
    expect(item).toMatchObject({
      operatorId: operator.id,
      operator: `${operator.name} ${operator.plan}`,
      productId: product.id,
      faceValue: product.faceValue,
      delivery: 'PIN',
      phone: '+40755100200',
      priceRon: product.priceRon,
      reference: pinItem.issuedId,
    });
    expect(pinItem.deliveredPin).toMatch(/^\d{16}$/);
    expect(item.pin).toBe(`${'•'.repeat(12)}${pinItem.deliveredPin!.slice(-4)}`);
    expect(JSON.stringify(body)).not.toContain(pinItem.deliveredPin!);
    expect(body.events.map((event: { from: string | null; to: string }) => [event.from, event.to])).toEqual([
      [null, 'PENDING_PAYMENT'],
      ['PENDING_PAYMENT', 'PAID'],
      ['PAID', 'FULFILLED'],
    ]);
    for (const event of body.events)
      expect(event).toMatchObject({ reason: expect.any(String), actor: expect.any(String) });
  });

  it("answers 404 for a vignette order's id and an unknown id, 422 without an id", async () => {
    const startDate = DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;
    const vignette = await postVignetteOrder(
      jsonRequest('/api/nmps/orders/order', {
        body: {
          items: [{ categoryCode: 'CAR', type: 'WEEK', startDate, plate: 'HD12ABC', country: 'RO' }],
          email: 'driver@example.ro',
          locale: 'ro',
          acceptTerms: true,
        },
      }),
      noParams,
    );
    expect(vignette.status).toBe(201);
    const { orderId: vignetteId } = await vignette.json();
    expect((await orderRow(vignetteId)).kind).toBe('VIGNETTE');

    const ofVignette = await details(vignetteId, operatorToken);
    expect(ofVignette.status).toBe(404);
    expect(ofVignette.body.error.code).toBe('NOT_FOUND');
    expect((await details('no-such-order-id-00000', operatorToken)).status).toBe(404);

    const withoutId = await details(undefined, operatorToken);
    expect(withoutId.status).toBe(422);
    expect(withoutId.body.error.issues).toContainEqual(expect.objectContaining({ path: 'id' }));
  });
});
