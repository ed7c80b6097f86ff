import { and, eq } from 'drizzle-orm';
import { POST as cancelRoute } from '@/app/api/admin/payment/cancel/route';
import { PATCH as emailRoute } from '@/app/api/admin/payment/email/route';
import { PATCH as itemRoute } from '@/app/api/admin/payment/item/route';
import { POST as resendRoute } from '@/app/api/admin/payment/resend/route';
import { POST as retryRoute } from '@/app/api/admin/payment/retry/route';
import { GET as paymentsRoute, PATCH as activeRoute } from '@/app/api/admin/payment/route';
import { GET as detailsRoute } from '@/app/api/nmps/utils/transaction/details/route';
import { POST as postOrder } from '@/app/api/nmps/orders/order/route';
import type { Db } from '@/lib/db/client';
import { auditLog, orders, outbox } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders, MAX_ISSUE_ATTEMPTS } from '@/lib/orders/fulfilment';
import { describeOnProcessDrivers, staff } from '../admin/admin-fixtures';
import { jsonRequest, noParams, withEnv } from '../../support/process-database';
import { hungarianDay, paidVignetteOrder } from '../../support/purchases';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';
import { sendDueMail } from '../../support/outbox';

type Route = (request: Request, context: typeof noParams) => Promise<Response>;
const call = (route: Route, method: string, url: string, token: string, body?: unknown) =>
  route(jsonRequest(url, { method, body, headers: { authorization: `Bearer ${token}` } }), noParams);

/** An order of one German vignette for `plate`, paid with the sandbox's accepted card. */
const paidOrder = (db: Db, plate: string, email?: string) =>
  paidVignetteOrder(db, { plates: [plate], country: 'DE', email });

describeOnProcessDrivers('staff settle orders', (db) => {
  let admin: string;
  let operator: string;
  let capture: SmtpCapture;
  beforeAll(async () => {
    ({ token: admin } = await staff(db(), `settler-${Date.now()}`, 'ADMIN'));
    ({ token: operator } = await staff(db(), `clerk-${Date.now()}`, 'OPERATOR'));
    capture = await startSmtpCapture();
  });
  afterAll(() => capture.close());

  const statusOf = async (orderId: string) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
  const details = async (orderId: string) =>
    (await call(detailsRoute, 'GET', `/api/nmps/utils/transaction/details?id=${orderId}`, admin)).json();

  it('corrects the plate of a failed delivery, retries it, and the buyer gets the corrected vignette', async () => {
    await withEnv({ STAFF_ALERT_EMAIL: 'staff@example.ro' }, async () => {
      // The sandbox issuer refuses plates beginning with FAIL: the delivery fails at every attempt.
      const orderId = await paidOrder(db(), 'FAIL123');
      for (let attempt = 0; attempt < MAX_ISSUE_ATTEMPTS; attempt++)
        await fulfilPaidOrders(db(), sandboxDeliverers);
      expect(await statusOf(orderId)).toBe('FULFILLMENT_FAILED');

      // Staff are told, and find it among the orders that need a hand.
      await sendDueMail(db(), capture.mailer);
      const alert = capture.received.find(
        (mail) => mail.text?.includes(orderId) && JSON.stringify(mail.to).includes('staff@example.ro'),
      );
      expect(alert).toBeDefined();
      // The buyer is told too, in their language: what failed, that the money is safe, what happens next.
      const news = capture.received.find(
        (mail) => mail.text?.includes(orderId) && JSON.stringify(mail.to).includes('driver@example.ro'),
      );
      // The e-mail names the order by its short reference; its link carries the id.
      const [row] = await db()
        .select({ reference: orders.reference })
        .from(orders)
        .where(eq(orders.id, orderId));
      expect(news?.subject).toContain(row!.reference);
      expect(news?.text).toContain('FAIL123');
      expect(news?.text).toMatch(/Banii dumneavoastră sunt în siguranță/);
      const list = await (
        await call(paymentsRoute, 'GET', '/api/admin/payment?attention=true&size=200', admin)
      ).json();
      expect(list.attention).toBeGreaterThanOrEqual(1);
      expect(list.items.map((item: { id: string }) => item.id)).toContain(orderId);
      const before = await details(orderId);
      expect(before.needsAttention).toBe(true);
      expect(before.attentionReasons).toEqual(['FULFILLMENT_FAILED']);

      const itemId = before.items[0].id;
      const tooLong = await call(itemRoute, 'PATCH', '/api/admin/payment/item', admin, {
        orderId,
        itemId,
        plate: 'B-?',
      });
      expect(tooLong.status).toBe(422);
      expect((await tooLong.json()).error.issues[0]).toMatchObject({ path: 'plate', code: 'plateInvalid' });

      const corrected = await call(itemRoute, 'PATCH', '/api/admin/payment/item', admin, {
        orderId,
        itemId,
        plate: 'M AB 1234',
      });
      expect(corrected.status).toBe(200);
      expect((await corrected.json()).item).toMatchObject({ plate: 'MAB1234', country: 'DE', revision: 1 });

      const retried = await call(retryRoute, 'POST', '/api/admin/payment/retry', admin, { id: orderId });
      expect(retried.status).toBe(200);
      expect((await retried.json()).status).toBe('FULFILLED');
      // A second retry has nothing to do.
      expect(
        (await call(retryRoute, 'POST', '/api/admin/payment/retry', admin, { id: orderId })).status,
      ).toBe(409);

      await sendDueMail(db(), capture.mailer);
      const confirmation = capture.received.find(
        (mail) => mail.text?.includes(orderId) && mail.text?.includes('MAB1234'),
      );
      expect(confirmation).toBeDefined();
      expect(confirmation!.text).not.toContain('FAIL123');
      const after = await details(orderId);
      expect(after.items[0]).toMatchObject({ plate: 'MAB1234', reference: expect.stringMatching(/^HU-EM-/) });
      expect(after.needsAttention).toBe(false);
      expect(after.events.map((event: { code: string }) => event.code)).toEqual(
        expect.arrayContaining(['delivery.failed', 'item.corrected', 'delivery.retried', 'delivery.done']),
      );
      const actions = (await db().select().from(auditLog).where(eq(auditLog.target, orderId))).map(
        (entry) => entry.action,
      );
      expect(actions).toEqual(expect.arrayContaining(['payment.correctItem', 'payment.retryDelivery']));
    });
  });

  it('does not send the buyer the news of a failed delivery that was settled before it went out', async () => {
    const orderId = await paidOrder(db(), 'FAIL777');
    for (let attempt = 0; attempt < MAX_ISSUE_ATTEMPTS; attempt++)
      await fulfilPaidOrders(db(), sandboxDeliverers);
    const itemId = (await details(orderId)).items[0].id;
    await call(itemRoute, 'PATCH', '/api/admin/payment/item', admin, { orderId, itemId, plate: 'MZZ7777' });
    expect(
      (await (await call(retryRoute, 'POST', '/api/admin/payment/retry', admin, { id: orderId })).json())
        .status,
    ).toBe('FULFILLED');
    await sendDueMail(db(), capture.mailer);
    const [news] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, 'DELIVERY_FAILED')));
    expect(news).toMatchObject({
      sentAt: expect.any(Date),
      lastError: 'not sent: its order was settled first',
    });
    expect(
      capture.received.some((mail) => mail.text?.includes(orderId) && mail.text?.includes('FAIL777')),
    ).toBe(false);
  });

  it('corrects an issued vignette only within the issuer’s rules, and mails the buyer the corrected one', async () => {
    const orderId = await paidOrder(db(), 'MXY4321');
    await fulfilPaidOrders(db(), sandboxDeliverers);
    expect(await statusOf(orderId)).toBe('FULFILLED');
    const itemId = (await details(orderId)).items[0].id;
    const tooMuch = await call(itemRoute, 'PATCH', '/api/admin/payment/item', admin, {
      orderId,
      itemId,
      plate: 'MAB9999',
    });
    expect(tooMuch.status).toBe(422);
    expect((await tooMuch.json()).error.issues[0].code).toBe('correctionTooLarge');
    const small = await call(itemRoute, 'PATCH', '/api/admin/payment/item', admin, {
      orderId,
      itemId,
      plate: 'MXY4322',
    });
    expect(small.status).toBe(200);
    const queued = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, 'ORDER_CONFIRMATION')));
    expect(queued).toHaveLength(2);
  });

  it('changes the buyer’s e-mail, re-sends the confirmation to another address, undoes "active"', async () => {
    const orderId = await paidOrder(db(), 'MQW1111', 'typo@gmial.com');
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const changed = await call(emailRoute, 'PATCH', '/api/admin/payment/email', admin, {
      id: orderId,
      email: 'typo@gmail.com',
    });
    expect(changed.status).toBe(200);
    const bad = await call(emailRoute, 'PATCH', '/api/admin/payment/email', admin, {
      id: orderId,
      email: 'x@',
    });
    expect(bad.status).toBe(422);

    const resent = await call(resendRoute, 'POST', '/api/admin/payment/resend', admin, {
      id: orderId,
      to: 'office@example.ro',
    });
    expect(resent.status).toBe(202);
    expect(await resent.json()).toEqual({ queued: true, to: 'office@example.ro', requeued: 0 });
    await sendDueMail(db(), capture.mailer);
    const recipients = capture.received
      .filter((mail) => mail.text?.includes(orderId))
      .map((mail) => JSON.stringify(mail.to));
    expect(recipients.some((to) => to.includes('typo@gmail.com'))).toBe(true);
    expect(recipients.some((to) => to.includes('office@example.ro'))).toBe(true);
    // The re-send is in the order's history: who sent it, to which address, and when.
    const history = ((await details(orderId)) as { events: { code?: string; actor?: string; at: string }[] })
      .events;
    expect(history.find((event) => event.code === 'mail.resent')).toMatchObject({
      actor: expect.stringMatching(/^settler-/),
      params: { to: 'office@example.ro' },
      at: expect.any(String),
    });

    expect(
      (await call(activeRoute, 'PATCH', '/api/admin/payment', admin, { id: orderId, active: true })).status,
    ).toBe(200);
    const undone = await call(activeRoute, 'PATCH', '/api/admin/payment', admin, {
      id: orderId,
      active: false,
    });
    expect(await undone.json()).toMatchObject({ active: false, activeBy: null });
    const actions = (await db().select().from(auditLog).where(eq(auditLog.target, orderId))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'payment.changeEmail',
        'payment.resend',
        'payment.markActive',
        'payment.unmarkActive',
      ]),
    );
  });

  it('cancels an order waiting for its payment, and nothing else; an operator may not', async () => {
    const pending = await postOrder(
      jsonRequest('/api/nmps/orders/order', {
        body: {
          items: [
            {
              categoryCode: 'CAR',
              type: 'WEEK',
              startDate: hungarianDay(1),
              plate: 'MCN2222',
              country: 'DE',
            },
          ],
          email: 'driver@example.ro',
          locale: 'ro',
          acceptTerms: true,
        },
      }),
      noParams,
    );
    const { orderId } = await pending.json();
    expect(
      (await call(cancelRoute, 'POST', '/api/admin/payment/cancel', operator, { id: orderId })).status,
    ).toBe(403);
    const canceled = await call(cancelRoute, 'POST', '/api/admin/payment/cancel', admin, { id: orderId });
    expect(await canceled.json()).toEqual({ status: 'CANCELED' });
    expect(
      (await call(cancelRoute, 'POST', '/api/admin/payment/cancel', admin, { id: orderId })).status,
    ).toBe(409);
  });
});
