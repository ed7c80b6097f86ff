import { simpleParser } from 'mailparser';
import { DateTime } from 'luxon';
import { asc, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import { POST as postOrder } from '@/app/api/nmps/orders/order/route';
import { invoices, orders } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { createMailer } from '@/lib/mail/mailer';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { buildNotificationBody, signNotification } from '@/lib/payment-provider/netopia/notification';
import { SANDBOX_POS_SIGNATURE } from '@/lib/payment-provider/sandbox/sandbox';
import { getSandboxKeys } from '@/lib/db/generated-secrets';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { createPostgresDatabase, describeForDriver, postgresUrl } from '../../support/databases';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';
import { sendDueMail } from '../../support/outbox';

const ORDERS = 200;
const AT_ONCE = 50;
const day = (offset: number) =>
  DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: offset }).toISODate()!;
// Plate letters never contain Q nor start with I or O in Romania: keep to the others.
const ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const letters = (n: number) =>
  [n, Math.floor(n / 23), Math.floor(n / 529)].map((k) => ALPHABET[k % 23]).join('');

async function inBatches<T>(count: number, size: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    results.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(size, count - start) }, (_, offset) => task(start + offset)),
      )),
    );
  }
  return results;
}

// Concurrency is proved on a real PostgreSQL: PGlite serialises everything
// (docs/decisions/0004-pglite-or-postgresql.md).
describeForDriver(Boolean(postgresUrl))('200 orders created and paid 50 at a time on PostgreSQL', () => {
  jest.setTimeout(240_000);
  let drop: () => Promise<void>;
  let env: Awaited<ReturnType<typeof useProcessDatabase>>;
  let smtp: SMTPServer;
  const recipients: string[] = [];

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    env = await useProcessDatabase(created.url);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          recipients.push(mail.subject ?? '');
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await env.cleanup();
    await drop();
  });

  it('gives 200 paid orders, invoice numbers without gaps or repeats, and 200 e-mails', async () => {
    const db = env.database.db;
    const orderIds = await inBatches(ORDERS, AT_ONCE, async (index) => {
      const response = await postOrder(
        jsonRequest('/api/nmps/orders/order', {
          body: {
            items: [
              {
                categoryCode: 'CAR',
                type: 'WEEK',
                startDate: day(1),
                plate: `HD${String(index % 100).padStart(2, '0')}${letters(index)}`,
                country: 'RO',
              },
            ],
            email: `driver${index}@example.ro`,
            locale: 'ro',
            acceptTerms: true,
          },
          headers: { 'idempotency-key': `load-test-${index}-key` },
        }),
        noParams,
      );
      expect(response.status).toBe(201);
      return ((await response.json()) as { orderId: string }).orderId;
    });
    expect(new Set(orderIds).size).toBe(ORDERS);

    const rows = await db.select().from(orders).where(inArray(orders.id, orderIds));
    const { privateKeyPem } = await getSandboxKeys(db);
    await inBatches(ORDERS, AT_ONCE, async (index) => {
      const order = rows[index]!;
      const body = buildNotificationBody({
        orderId: order.id,
        ntpId: order.providerPaymentId!,
        status: 3,
        amountBani: order.amountBani,
        currency: 'RON',
      });
      const token = await signNotification({ body, privateKeyPem, posSignature: SANDBOX_POS_SIGNATURE });
      // As the provider does: a "temporary, retry" answer (503: a connection could not be had in time on a loaded
      // machine) is sent again; whatever else comes back must be "done".
      for (let attempt = 1; ; attempt++) {
        const response = await notify(
          new Request('http://localhost/api/payments/netopia/notify', {
            method: 'POST',
            headers: { 'verification-token': token },
            body,
          }),
          noParams,
        );
        const { errorType } = (await response.json()) as { errorType: number };
        if (response.status === 503 && errorType === 1 && attempt < 5) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          continue;
        }
        expect({ status: response.status, errorType }).toEqual({ status: 200, errorType: 0 });
        break;
      }
    });

    const paid = await db.select().from(orders).where(inArray(orders.id, orderIds));
    expect(paid.filter((order) => order.status === 'PAID')).toHaveLength(ORDERS);
    const numbers = (await db.select().from(invoices).orderBy(asc(invoices.number))).map(
      (invoice) => invoice.number,
    );
    expect(numbers).toEqual(Array.from({ length: ORDERS }, (_, index) => index + 1));

    while ((await fulfilPaidOrders(db, sandboxDeliverers)) > 0);
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Road Partners <contact@roadpartners.ro>',
      outboxDir: '/tmp/unused',
    });
    try {
      while ((await sendDueMail(db, mailer)) > 0);
    } finally {
      await mailer.close();
    }
    expect(recipients).toHaveLength(ORDERS);
  });
});
