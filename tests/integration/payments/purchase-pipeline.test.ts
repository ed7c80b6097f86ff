import type { ParsedMail } from 'mailparser';
import { DateTime } from 'luxon';
import { eq, isNull } from 'drizzle-orm';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import { POST as postOrder } from '@/app/api/nmps/orders/order/route';
import { orderItems, orders, outbox } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import type { Mailer } from '@/lib/mail/mailer';
import { fulfilPaidOrders, MAX_ISSUE_ATTEMPTS } from '@/lib/orders/fulfilment';
import { deliverSandboxNotifications, sandboxPay } from '@/lib/payment-provider/sandbox/sandbox';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';
import { sendDueMail } from '../../support/outbox';

const day = (offset: number) =>
  DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: offset }).toISODate()!;

/** The provider's notifications reach the shop's handler in-process, as they would over HTTP. */
const toNotifyHandler: typeof fetch = async (input, init) =>
  notify(new Request(String(input), init), noParams);

describe('a vignette purchase from order to e-mail', () => {
  let env: Awaited<ReturnType<typeof useProcessDatabase>>;
  let capture: SmtpCapture;
  let mailer: Mailer;
  let received: ParsedMail[];

  beforeAll(async () => {
    env = await useProcessDatabase();
    capture = await startSmtpCapture();
    ({ mailer, received } = capture);
  });
  afterAll(async () => {
    await capture.close();
    await env.cleanup();
  });

  const db = () => env.database.db;
  const order = async (items: unknown[], locale = 'ro') => {
    const response = await postOrder(
      jsonRequest('/api/nmps/orders/order', {
        body: { items, email: 'driver@example.ro', locale, acceptTerms: true },
      }),
      noParams,
    );
    expect(response.status).toBe(201);
    const { orderId } = await response.json();
    return (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
  };
  const statusOf = async (orderId: string) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
  const pay = (ntpId: string, cardNumber: string) =>
    sandboxPay(db(), { ntpId, cardNumber, cvv: '111', expiry: '12/30' });

  it('pays with the accepted test card, issues the vignettes and e-mails their ids with the PDF invoice', async () => {
    const created = await order(
      [
        { categoryCode: 'CAR', type: 'WEEK', startDate: day(1), plate: 'HD12ABC', country: 'RO' },
        { categoryCode: 'VAN', type: 'MONTH', startDate: day(3), plate: 'B123XYZ', country: 'RO' },
      ],
      'ro',
    );
    expect(created.status).toBe('PENDING_PAYMENT');
    expect((await pay(created.providerPaymentId!, '9900004810225098')).kind).toBe('DONE');
    expect(await deliverSandboxNotifications(db(), toNotifyHandler)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(created.id)).toBe('PAID');

    await fulfilPaidOrders(db(), sandboxDeliverers);
    expect(await statusOf(created.id)).toBe('FULFILLED');
    expect(await sendDueMail(db(), mailer)).toBe(1);

    const mail = received.find((candidate) => candidate.text?.includes(created.id))!;
    expect(mail).toBeDefined();
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('driver@example.ro');
    expect(mail.text).toMatch(/HU-EM-[0-9A-F]{12}/);
    expect(mail.text).toContain('HD12ABC');
    expect(mail.text).toContain('B123XYZ');
    const pdf = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.filename).toMatch(/^factura-RPV-\d{4}-\d{6}\.pdf$/);
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    // A second pass sends nothing more.
    expect(await sendDueMail(db(), mailer)).toBe(0);
  });

  it('claims no notification once its caller stops (a server shutting down leaves them to another)', async () => {
    const created = await order(
      [{ categoryCode: 'CAR', type: 'WEEK', startDate: day(1), plate: 'HD34ABC', country: 'RO' }],
      'ro',
    );
    expect((await pay(created.providerPaymentId!, '9900004810225098')).kind).toBe('DONE');
    let asked = 0;
    const counting: typeof fetch = (...args) => {
      asked++;
      return toNotifyHandler(...args);
    };
    expect(await deliverSandboxNotifications(db(), counting, new Date(), () => false)).toBe(0);
    expect(asked).toBe(0);
    expect(await statusOf(created.id)).toBe('PENDING_PAYMENT');
    // Not claimed, so not pushed back: the next server's pass sends it at once.
    expect(await deliverSandboxNotifications(db(), counting)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(created.id)).toBe('PAID');
  });

  it('asks for a 3-D Secure code with its test card, and pays when it is right', async () => {
    const created = await order(
      [{ categoryCode: 'MOTOR', type: 'COUNTY_YEAR', county: 'pest', plate: 'ABC123', country: 'HU' }],
      'hu',
    );
    expect((await pay(created.providerPaymentId!, '9900009184214768')).kind).toBe('THREE_D_SECURE');
    const { sandboxConfirm3ds } = await import('@/lib/payment-provider/sandbox/sandbox');
    expect((await sandboxConfirm3ds(db(), { ntpId: created.providerPaymentId!, code: '123' })).kind).toBe(
      'DONE',
    );
    await deliverSandboxNotifications(db(), toNotifyHandler);
    expect(await statusOf(created.id)).toBe('PAID');
  });

  it('fails the order for a declined card', async () => {
    const created = await order([
      { categoryCode: 'CAR', type: 'DAY', startDate: day(0), plate: 'CJ01XYZ', country: 'RO' },
    ]);
    await pay(created.providerPaymentId!, '9900518572831942');
    await deliverSandboxNotifications(db(), toNotifyHandler);
    expect(await statusOf(created.id)).toBe('FAILED');
  });

  it('expires the order when the form runs out of time', async () => {
    const created = await order([
      { categoryCode: 'CAR', type: 'DAY', startDate: day(0), plate: 'BV22XYZ', country: 'RO' },
    ]);
    const later = new Date(created.paymentExpiresAt!.getTime() + 1_000);
    await deliverSandboxNotifications(db(), toNotifyHandler, later);
    expect(await statusOf(created.id)).toBe('EXPIRED');
  });

  it('leaves an order the issuer keeps refusing as FULFILLMENT_FAILED, visible to the admin', async () => {
    const created = await order([
      { categoryCode: 'CAR', type: 'WEEK', startDate: day(1), plate: 'FAIL123', country: 'DE' },
    ]);
    await pay(created.providerPaymentId!, '9900004810225098');
    await deliverSandboxNotifications(db(), toNotifyHandler);
    for (let pass = 0; pass < MAX_ISSUE_ATTEMPTS; pass++) await fulfilPaidOrders(db(), sandboxDeliverers);
    expect(await statusOf(created.id)).toBe('FULFILLMENT_FAILED');
  });

  it('delivers and mails a burst of payments in one pass each, tries a failing order once per pass', async () => {
    const failing = await order([
      { categoryCode: 'CAR', type: 'WEEK', startDate: day(1), plate: 'FAIL124', country: 'DE' },
    ]);
    const burst = [];
    for (let index = 0; index < 25; index++) {
      burst.push(
        await order([
          { categoryCode: 'CAR', type: 'DAY', startDate: day(1), plate: `CJ${10 + index}BRS`, country: 'RO' },
        ]),
      );
    }
    for (const created of [failing, ...burst]) await pay(created.providerPaymentId!, '9900004810225098');
    while ((await deliverSandboxNotifications(db(), toNotifyHandler)) > 0);
    // More than one batch of paid orders, and more than one batch of messages, each in a single pass (with the
    // paid order an earlier test left).
    const paid = await db().select({ id: orders.id }).from(orders).where(eq(orders.status, 'PAID'));
    expect(paid.length).toBeGreaterThan(burst.length);
    expect(await fulfilPaidOrders(db(), sandboxDeliverers)).toBe(paid.length - 1);
    expect(await statusOf(failing.id)).toBe('PAID');
    const [failingItem] = await db().select().from(orderItems).where(eq(orderItems.orderId, failing.id));
    expect(failingItem!.issueAttempts).toBe(1);
    const queued = await db().select({ id: outbox.id }).from(outbox).where(isNull(outbox.sentAt));
    expect(queued.length).toBeGreaterThan(10);
    expect(await sendDueMail(db(), mailer)).toBe(queued.length);
    for (const created of burst) expect(await statusOf(created.id)).toBe('FULFILLED');
  });
});
