import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import { POST as postOrder } from '@/app/api/nmps/orders/order/route';
import { orders, outbox, sandboxPayments } from '@/lib/db/schema';
import type { Mailer, MailMessage } from '@/lib/mail/mailer';
import { getPaymentGateway } from '@/lib/payment-provider/gateway';
import { reconcilePendingOrders } from '@/lib/payments/reconciler';
import { deliverSandboxNotifications, sandboxPay } from '@/lib/payment-provider/sandbox/sandbox';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { createPostgresDatabase, describeForDriver, drivers } from '../../support/databases';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';
import { sendDueMail } from '../../support/outbox';

const day = (offset: number) =>
  DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: offset }).toISODate()!;

/** The provider's notifications reach the shop's handler in-process, as they would over HTTP. */
const toNotifyHandler: typeof fetch = async (input, init) =>
  notify(new Request(String(input), init), noParams);

describe.each(drivers)('recovery from a server that died mid-way ($name)', ({ name, available }) => {
  describeForDriver(available)(name, () => {
    jest.setTimeout(120_000);
    let env: Awaited<ReturnType<typeof useProcessDatabase>>;
    let drop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      if (name === 'postgres') {
        const created = await createPostgresDatabase();
        drop = created.drop;
        env = await useProcessDatabase(created.url);
      } else env = await useProcessDatabase();
    });
    afterAll(async () => {
      await env.cleanup();
      await drop?.();
    });
    const db = () => env.database.db;

    // One plate per key: a retry sends exactly the first request's body.
    const plates = new Map<string, string>();
    const plateOf = (key: string) => {
      if (!plates.has(key)) plates.set(key, `B${10 + plates.size}CRS`);
      return plates.get(key)!;
    };
    const orderRequest = (idempotencyKey: string) =>
      postOrder(
        jsonRequest('/api/nmps/orders/order', {
          headers: { 'Idempotency-Key': idempotencyKey },
          body: {
            items: [
              {
                categoryCode: 'CAR',
                type: 'WEEK',
                startDate: day(1),
                plate: plateOf(idempotencyKey),
                country: 'RO',
              },
            ],
            email: 'crash@example.ro',
            locale: 'ro',
            acceptTerms: true,
          },
        }),
        noParams,
      );
    const orderOf = async (orderId: string) =>
      (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
    /** What a crash before the payment's record leaves: the order committed, no form address, no expiry. */
    const forgetPayment = (orderId: string) =>
      db()
        .update(orders)
        .set({ paymentUrl: null, providerPaymentId: null, paymentReference: null, paymentExpiresAt: null })
        .where(eq(orders.id, orderId));

    it('starts the payment on a retry with the same key when the first request died before starting it', async () => {
      const key = `crash-before-start-${name}`;
      const { orderId } = await (await orderRequest(key)).json();
      await forgetPayment(orderId);
      // The provider never heard of it either.
      await db().delete(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));

      const retry = await orderRequest(key);
      expect(retry.status).toBe(200);
      const answer = await retry.json();
      expect(answer).toMatchObject({
        orderId,
        status: 'PENDING_PAYMENT',
        paymentUrl: expect.stringContaining('/sandbox-pay/'),
      });
      const order = await orderOf(orderId);
      expect(order.paymentReference).toBe(orderId);
      expect(order.paymentExpiresAt).not.toBeNull();
    });

    it('starts it under a new reference when the provider already has the lost attempt (56), and it can be paid', async () => {
      const key = `crash-after-start-${name}`;
      const first = await (await orderRequest(key)).json();
      await forgetPayment(first.orderId);

      const answer = await (await orderRequest(key)).json();
      expect(answer.paymentUrl).toEqual(expect.stringContaining('/sandbox-pay/'));
      expect(answer.paymentUrl).not.toBe(first.paymentUrl);
      const order = await orderOf(first.orderId);
      expect(order.paymentReference).toMatch(new RegExp(`^${first.orderId}\\.[\\w-]+$`));

      // The retry's form pays the order: its notification names the new reference and finds the order.
      expect(
        (
          await sandboxPay(db(), {
            ntpId: order.providerPaymentId!,
            cardNumber: '9900004810225098',
            cvv: '111',
            expiry: '12/30',
          })
        ).kind,
      ).toBe('DONE');
      await deliverSandboxNotifications(db(), toNotifyHandler);
      expect((await orderOf(first.orderId)).status).toBe('PAID');
      // A second retry changes nothing: the order keeps its one recorded form.
      expect((await (await orderRequest(key)).json()).paymentUrl).toBe(answer.paymentUrl);
    });

    it('expires an order that never got a payment once a form opened with it would have expired', async () => {
      const { orderId } = await (await orderRequest(`crash-abandoned-${name}`)).json();
      await forgetPayment(orderId);
      const gateway = getPaymentGateway();
      expect((await orderOf(orderId)).status).toBe('PENDING_PAYMENT');
      await reconcilePendingOrders(db(), gateway, new Date());
      expect((await orderOf(orderId)).status).toBe('PENDING_PAYMENT');
      await reconcilePendingOrders(
        db(),
        gateway,
        new Date(Date.now() + (gateway.formLifetimeSeconds + 120) * 1000),
      );
      expect((await orderOf(orderId)).status).toBe('EXPIRED');
    });

    it('sends a due notification once when two servers run the job at the same moment', async () => {
      const { orderId } = await (await orderRequest(`two-notifiers-${name}`)).json();
      const order = await orderOf(orderId);
      await sandboxPay(db(), {
        ntpId: order.providerPaymentId!,
        cardNumber: '9900004810225098',
        cvv: '111',
        expiry: '12/30',
      });
      let sent = 0;
      const counting: typeof fetch = async (input, init) => {
        sent++;
        return toNotifyHandler(input, init);
      };
      await Promise.all([
        deliverSandboxNotifications(db(), counting),
        deliverSandboxNotifications(db(), counting),
      ]);
      expect(sent).toBe(1);
      expect((await orderOf(orderId)).status).toBe('PAID');
    });

    it('gives every attempt at one e-mail the same Message-ID, so a copy sent again can be recognised', async () => {
      const [row] = await db()
        .insert(outbox)
        .values({
          kind: 'ORDER_CONFIRMATION',
          orderId: (await db().select().from(orders).limit(1))[0]!.id,
          // Due at once: the database's own now() keeps microseconds, the outbox's read a millisecond clock, and a read
          // within the same millisecond as the insert would find it not due yet.
          nextAttemptAt: new Date(Date.now() - 1000),
        })
        .returning();
      const handed: MailMessage[] = [];
      const isMine = (message: MailMessage) => message.messageId?.startsWith(`<outbox-${row!.id}.`);
      // The relay stores the message and its answer is lost: the outbox must send it again. Other mail the earlier
      // tests left due goes through as it comes.
      const lossy: Mailer = {
        async send(message) {
          handed.push(message);
          if (isMine(message) && handed.filter(isMine).length === 1)
            throw new Error('connection lost after DATA');
          return { messageId: message.messageId! };
        },
        async close() {},
      };
      await sendDueMail(db(), lossy);
      await db().update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, row!.id));
      await sendDueMail(db(), lossy);
      const mine = handed.filter(isMine);
      expect(mine).toHaveLength(2);
      expect(mine[0]!.messageId).toBe(mine[1]!.messageId);
      expect(mine[0]!.messageId).toMatch(/^<outbox-\d+\.[\w-]+@[\w.-]+>$/);
      expect((await db().select().from(outbox).where(eq(outbox.id, row!.id)))[0]!.sentAt).not.toBeNull();
    });
  });
});
