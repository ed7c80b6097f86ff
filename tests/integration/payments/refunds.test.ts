import { and, asc, eq } from 'drizzle-orm';
import { POST as refundRoute } from '@/app/api/admin/payment/refund/route';
import { GET as invoiceRoute } from '@/app/api/invoice/route';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';
import { pageTexts } from '../../support/pdf-text';
import { POST as postOrder } from '@/app/api/nmps/orders/order/route';
import type { Db } from '@/lib/db/client';
import { DatabaseUnavailableError } from '@/lib/db/errors';
import { creditNotes, orderEvents, orders, outbox, refunds, sandboxPayments } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { getPaymentGateway } from '@/lib/payment-provider/gateway';
import { reconcilePendingRefunds } from '@/lib/payments/reconciler';
import { refundOrder } from '@/lib/payments/refunds';
import { deliverSandboxNotifications, sandboxCredit } from '@/lib/payment-provider/sandbox/sandbox';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { describeOnProcessDrivers, insertOrder, staff, vignette } from '../admin/admin-fixtures';
import { createPostgresDatabase, describeForDriver, postgresUrl } from '../../support/databases';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';
import { hungarianDay, paidVignetteOrder, toNotifyHandler } from '../../support/purchases';
import { sendDueMail } from '../../support/outbox';

let plateCounter = 0;
const ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const nextPlate = () => {
  const n = plateCounter++;
  return `B${String(100 + (n % 900))}${[n, Math.floor(n / 23), Math.floor(n / 529)].map((k) => ALPHABET[k % 23]).join('')}`;
};

/** An order bought, paid with the sandbox's accepted card, and delivered, as a buyer would: its row. */
async function deliveredOrder(db: Db, vignettes = 1) {
  const orderId = await paidVignetteOrder(db, { plates: Array.from({ length: vignettes }, nextPlate) });
  await fulfilPaidOrders(db, sandboxDeliverers);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  expect(order!.status).toBe('FULFILLED');
  return order!;
}

const refundRequest = (token: string, body: unknown) =>
  refundRoute(
    jsonRequest('/api/admin/payment/refund', { body, headers: { authorization: `Bearer ${token}` } }),
    noParams,
  );

describeOnProcessDrivers('refunds', (db) => {
  let admin: string;
  let capture: SmtpCapture;
  beforeAll(async () => {
    ({ token: admin } = await staff(db(), `refunder-${Date.now()}`, 'ADMIN'));
    capture = await startSmtpCapture();
  });
  afterAll(() => capture.close());

  const statusOf = async (orderId: string) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
  const creditNotesOf = (orderId: string) =>
    db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.id));

  it('refunds a paid order through the sandbox: REFUNDED, a credit note, a refund e-mail queued', async () => {
    const order = await deliveredOrder(db());
    const response = await refundRequest(admin, { id: order.id, reason: 'buyer sold the car' });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer.status).toBe('REFUNDED');
    expect(answer.refund).toMatchObject({
      amountRon: order.amountBani,
      status: 'CONFIRMED',
      origin: 'STAFF',
    });
    expect(answer.refund.creditNote.number).toMatch(/^RPVS-\d{4}-\d{6}$/);

    const [note] = await creditNotesOf(order.id);
    expect(note).toMatchObject({ series: 'RPVS', totalBani: order.amountBani, vatBani: 0 });
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'REFUND_CONFIRMATION')));
    expect(mails).toHaveLength(1);
    const [payment] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.ntpId, order.providerPaymentId!));
    expect(payment).toMatchObject({ status: NETOPIA_STATUS.CREDIT, creditedBani: order.amountBani });

    // The buyer's e-mail goes through a real SMTP server, with the credit note attached.
    await sendDueMail(db(), capture.mailer);
    const mail = capture.received.find(
      (candidate) =>
        candidate.text?.includes(order.id) && candidate.text?.includes(answer.refund.creditNote.number),
    );
    expect(mail).toBeDefined();
    const attached = mail!.attachments.find((attachment) => attachment.contentType === 'application/pdf');
    expect(attached?.filename).toBe(`factura-stornare-${answer.refund.creditNote.number}.pdf`);

    // Staff download the same credit note.
    const download = await invoiceRoute(
      jsonRequest(`/api/invoice?orderId=${order.id}&type=credit-note`, {
        headers: { authorization: `Bearer ${admin}` },
      }),
      noParams,
    );
    expect(download.status).toBe(200);
    const text = pageTexts(Buffer.from(await download.arrayBuffer())).join('\n');
    expect(text).toContain('STORNARE');
    expect(text).toContain(answer.refund.creditNote.number.replace(/^RPVS-/, ''));

    // The provider's own notification of the credit follows, and changes nothing more.
    await deliverSandboxNotifications(db(), toNotifyHandler);
    expect(await statusOf(order.id)).toBe('REFUNDED');
    expect(await creditNotesOf(order.id)).toHaveLength(1);

    // A second refund of a refunded order is refused.
    const again = await refundRequest(admin, { id: order.id, reason: 'again' });
    expect(again.status).toBe(409);
    const codes = (
      await db()
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(asc(orderEvents.id))
    ).map((event) => event.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'order.created',
        'payment.paid',
        'delivery.done',
        'refund.requested',
        'refund.confirmed',
      ]),
    );
  });

  it('refuses to refund an order that was never paid, or one unknown', async () => {
    const response = await postOrder(
      jsonRequest('/api/nmps/orders/order', {
        body: {
          items: [
            {
              categoryCode: 'CAR',
              type: 'WEEK',
              startDate: hungarianDay(1),
              plate: nextPlate(),
              country: 'RO',
            },
          ],
          email: 'driver@example.ro',
          locale: 'ro',
          acceptTerms: true,
        },
      }),
      noParams,
    );
    const { orderId } = await response.json();
    const refused = await refundRequest(admin, { id: orderId, reason: 'no' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toMatch(/never paid/);
    expect((await refundRequest(admin, { id: 'AAAAAAAAAAAAAAAAAAAAAA', reason: 'x' })).status).toBe(404);
  });

  it('validates the request: a reason is required, an amount is whole bani not above what was paid', async () => {
    const order = await deliveredOrder(db());
    const noReason = await refundRequest(admin, { id: order.id, reason: ' ' });
    expect(noReason.status).toBe(422);
    expect((await noReason.json()).error.issues[0].path).toBe('reason');
    const fraction = await refundRequest(admin, { id: order.id, reason: 'x', amountRon: 10.5 });
    expect(fraction.status).toBe(422);
    const tooMuch = await refundRequest(admin, {
      id: order.id,
      reason: 'x',
      amountRon: order.amountBani + 1,
    });
    expect(tooMuch.status).toBe(422);
    expect((await tooMuch.json()).error.issues[0]).toMatchObject({
      path: 'amountRon',
      code: 'amountTooLarge',
    });
    // Nothing happened to the order.
    expect(await statusOf(order.id)).toBe('FULFILLED');
  });

  it('refunds part of an order, then the rest: two credit notes in sequence, REFUNDED at the end', async () => {
    const order = await deliveredOrder(db(), 2);
    const part = Math.floor(order.amountBani / 2);
    const first = await (
      await refundRequest(admin, { id: order.id, reason: 'one car', amountRon: part })
    ).json();
    expect(first.status).toBe('FULFILLED');
    const second = await (await refundRequest(admin, { id: order.id, reason: 'the other' })).json();
    expect(second.status).toBe('REFUNDED');
    expect(second.refund.amountRon).toBe(order.amountBani - part);
    const notes = await creditNotesOf(order.id);
    expect(notes.map((note) => note.totalBani)).toEqual([part, order.amountBani - part]);
    expect(notes[1]!.number).toBe(notes[0]!.number + 1);
  });

  it('applies a refund made in the provider’s back-office (a status 8 notification)', async () => {
    const order = await deliveredOrder(db());
    // As Netopia's own back-office would: the credit, then its signed notification.
    const credited = await sandboxCredit(db(), {
      ntpID: order.providerPaymentId,
      amount: order.amountBani / 100,
    });
    expect(credited.status).toBe(200);
    await deliverSandboxNotifications(db(), toNotifyHandler);
    expect(await statusOf(order.id)).toBe('REFUNDED');
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ origin: 'PROVIDER', status: 'CONFIRMED', amountBani: order.amountBani });
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });

  it('puts the order back where it was when the provider refuses; leaves it pending when the answer is lost, for the reconciler', async () => {
    const refusing = await deliveredOrder(db());
    const gateway = getPaymentGateway();
    const staffMember = { id: null as unknown as string, username: 'refunder' };
    await expect(
      refundOrder(
        db(),
        staffMember,
        { orderId: refusing.id, reason: 'x' },
        {
          ...gateway,
          transport: async () => ({
            status: 200,
            json: { error: { code: '34', message: 'Refund window closed' } },
          }),
        },
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await statusOf(refusing.id)).toBe('FULFILLED');
    expect((await db().select().from(refunds).where(eq(refunds.orderId, refusing.id)))[0]!.status).toBe(
      'REFUSED',
    );

    const silent = await deliveredOrder(db());
    const pending = await refundOrder(
      db(),
      staffMember,
      { orderId: silent.id, reason: 'x' },
      {
        ...gateway,
        // The provider credits the card, but its answer is lost on the way back.
        transport: async (path, body) => {
          await gateway.transport(path, body);
          throw new Error('socket hang up');
        },
      },
    );
    expect(pending.status).toBe('REFUND_PENDING');
    // The reconciler asks the provider later, which reports the credit.
    expect(await reconcilePendingRefunds(db(), gateway)).toBe(0);
    expect(await reconcilePendingRefunds(db(), gateway, new Date(Date.now() + 3 * 60_000))).toBe(1);
    expect(await statusOf(silent.id)).toBe('REFUNDED');
    expect(await creditNotesOf(silent.id)).toHaveLength(1);
  });

  it('answers a refund the provider made as pending when the database goes away before it is recorded; the reconciler records it', async () => {
    const order = await deliveredOrder(db());
    const gateway = getPaymentGateway();
    let away = false;
    // The database stops answering right after the provider credited the card.
    const stopping = new Proxy(db(), {
      get(target, property, receiver) {
        if (away && (property === 'transaction' || property === 'select'))
          return () => Promise.reject(new DatabaseUnavailableError('connection terminated'));
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const answer = await refundOrder(
      stopping,
      { id: null as unknown as string, username: 'refunder' },
      { orderId: order.id, reason: 'buyer sold the car' },
      {
        ...gateway,
        transport: async (path, body) => {
          const credited = await gateway.transport(path, body);
          away = true;
          return credited;
        },
      },
    );
    expect(answer).toMatchObject({
      status: 'REFUND_PENDING',
      refund: { status: 'PENDING', amountRon: order.amountBani, creditNote: null },
    });
    const [payment] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.ntpId, order.providerPaymentId!));
    expect(payment).toMatchObject({ status: NETOPIA_STATUS.CREDIT, creditedBani: order.amountBani });
    expect(await statusOf(order.id)).toBe('REFUND_PENDING');

    // A second attempt meanwhile is refused: the money is not given back twice.
    const again = await refundRequest(admin, { id: order.id, reason: 'again' });
    expect(again.status).toBe(409);

    // The database is back: the reconciler asks the provider and records its credit, with one credit note.
    expect(await reconcilePendingRefunds(db(), gateway, new Date(Date.now() + 3 * 60_000))).toBe(1);
    expect(await statusOf(order.id)).toBe('REFUNDED');
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });

  it('asks the provider once for 20 concurrent refunds of one order, and issues one credit note', async () => {
    const order = await deliveredOrder(db());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refundRequest(admin, { id: order.id, reason: 'double click' })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const [payment] = await db()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.ntpId, order.providerPaymentId!));
    expect(payment!.creditedBani).toBe(order.amountBani);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });
});

// Concurrency is proved on a real PostgreSQL: PGlite serialises everything.
describeForDriver(Boolean(postgresUrl))('200 refunds, 50 at a time, on PostgreSQL', () => {
  jest.setTimeout(240_000);
  let env: Awaited<ReturnType<typeof useProcessDatabase>>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    env = await useProcessDatabase(created.url);
  });
  afterAll(async () => {
    await env.cleanup();
    await drop();
  });

  it('gives credit notes numbered without gaps or repeats', async () => {
    const db = env.database.db;
    const { token } = await staff(db, 'bulk-refunder', 'ADMIN');
    // 200 delivered orders, each paid at the sandbox, written as the shop would have stored them.
    const ids = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        insertOrder(db, {
          kind: 'VIGNETTE',
          status: 'FULFILLED',
          email: `buyer${index}@example.ro`,
          createdAt: new Date().toISOString(),
          amountBani: 5000 + index,
          items: [vignette('CAR', 'WEEK', `B${100 + index}XYZ`, 5000 + index)],
          invoice: { series: 'RPV', year: 2026, number: index + 1 },
        }),
      ),
    );
    for (const [index, id] of ids.entries()) {
      const ntpId = `bulk${String(index).padStart(8, '0')}`;
      await db.update(orders).set({ providerPaymentId: ntpId }).where(eq(orders.id, id));
      await db.insert(sandboxPayments).values({
        ntpId,
        orderId: id,
        amountBani: 5000 + index,
        currency: 'RON',
        description: 'bulk',
        email: `buyer${index}@example.ro`,
        language: 'ro',
        notifyUrl: 'http://127.0.0.1:3000/api/payments/netopia/notify',
        redirectUrl: 'http://localhost:3000/api/payments/return',
        status: NETOPIA_STATUS.PAID,
        expiresAt: new Date(Date.now() + 3600_000),
      });
    }
    // A 503 (no database connection could be had in time on a loaded machine) is asked again, as the back-office
    // tells staff to; it only comes before the provider was asked (after it, the answer is 200 with the refund
    // pending). Should the refund have been recorded all the same (its commit's answer lost), the repeat is refused
    // with 409 ("already waiting for the payment provider"), never credited twice, and the reconciler settles it from
    // the provider's word below. Every other refund must end 200.
    const refundOnce = async (id: string) => {
      for (let attempt = 1; ; attempt++) {
        const answer = await refundRequest(token, { id, reason: 'bulk' });
        if (answer.status !== 503 || attempt === 5) {
          return attempt > 1 && answer.status === 409 ? 'LEFT_PENDING' : answer.status;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    for (let start = 0; start < ids.length; start += 50) {
      const answers = await Promise.all(ids.slice(start, start + 50).map(refundOnce));
      expect(answers.filter((answer) => answer !== 200 && answer !== 'LEFT_PENDING')).toEqual([]);
    }
    const later = new Date(Date.now() + 10 * 60_000);
    while ((await reconcilePendingRefunds(db, getPaymentGateway(), later)) > 0);
    expect(await db.select().from(refunds).where(eq(refunds.status, 'PENDING'))).toEqual([]);
    const numbers = (await db.select({ number: creditNotes.number }).from(creditNotes))
      .map((row) => row.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
  });
});
