import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import { POST as postVignetteOrder } from '@/app/api/nmps/orders/order/route';
import { getSandboxKeys } from '@/lib/db/generated-secrets';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { invoices } from '@/lib/db/schema';
import { buildNotificationBody, signNotification } from '@/lib/payment-provider/netopia/notification';
import { SANDBOX_POS_SIGNATURE } from '@/lib/payment-provider/sandbox/sandbox';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { processDrivers } from '../admin/admin-fixtures';
import { describeForDriver } from '../../support/databases';
import { jsonRequest, noParams } from '../../support/process-database';
import { countStatements } from '../../support/statement-counter';

const tomorrow = () => DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;
const order = (n: number) =>
  postVignetteOrder(
    jsonRequest('/api/nmps/orders/order', {
      body: {
        items: [
          {
            categoryCode: 'CAR',
            type: 'WEEK',
            startDate: tomorrow(),
            plate: `B${100 + n}STM`,
            country: 'RO',
          },
        ],
        email: `buyer${n}@example.ro`,
        locale: 'ro',
        acceptTerms: true,
      },
      headers: { 'idempotency-key': `statements-${n}` },
    }),
    noParams,
  );

describe.each(processDrivers)('the statements of one order on $name', ({ open, available }) => {
  describeForDriver(available)('', () => {
    let env: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      env = await open();
      // The first order loads what every later one finds ready (reference data, the provider's keys).
      expect((await order(0)).status).toBe(201);
    }, 120_000);
    afterAll(async () => env.cleanup());

    // The rate limit's bucket, the Idempotency-Key's earlier order, the order with its items and first event (one
    // statement), the sandbox provider's payment (one), and the payment form recorded on the order, which answers
    // with the order as it now is (`returning`, not a second read).
    it('sends five statements for an order and its payment', async () => {
      const { result, statements } = await countStatements(() => order(1));
      expect(result.status).toBe(201);
      expect((await result.json()).paymentUrl).toMatch(/\/sandbox-pay\//);
      expect(statements.map((statement) => statement.split(' ', 3).join(' '))).toEqual([
        'insert into "rate_buckets"',
        'select "id", "kind",',
        'with "created_order" as',
        'insert into "sandbox_payments"',
        'update "orders" set',
      ]);
    });

    it('answers a repeated request with the same order, reading it once', async () => {
      const first = await (await order(2)).json();
      const { result, statements } = await countStatements(() => order(2));
      expect(result.status).toBe(200);
      expect(await result.json()).toEqual(first);
      expect(statements).toHaveLength(2);
    });

    // The order; in one transaction its move to PAID with its event, the payment recorded on it and the notice with
    // what came of it (one statement, `returning` the order the invoice states), its items, and the invoice's number
    // taken, the invoice stated with it and its e-Factura submission (one statement).
    it("sends six statements for the provider's paid notification, the invoice issued in it", async () => {
      const created = await (await order(3)).json();
      const body = buildNotificationBody({
        orderId: created.orderId,
        ntpId: decodeURIComponent(new URL(created.paymentUrl).pathname.split('/').pop()!),
        status: NETOPIA_STATUS.PAID,
        amountBani: created.amountRon,
        currency: 'RON',
      });
      const privateKeyPem = (await getSandboxKeys(env.database.db)).privateKeyPem;
      const token = await signNotification({ body, privateKeyPem, posSignature: SANDBOX_POS_SIGNATURE });
      const { result, statements } = await countStatements(() =>
        notify(
          new Request('http://localhost/api/payments/netopia/notify', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'verification-token': token },
            body,
          }),
          noParams,
        ),
      );
      expect(result.status).toBe(200);
      expect(await result.json()).toMatchObject({ errorCode: 0 });
      expect(statements.map((statement) => statement.trim().split(/\s+/, 3).join(' '))).toEqual([
        'select "id", "kind",',
        expect.stringMatching(/^begin$/i),
        'with "moved" as',
        'select "order_items"."id", "order_items"."order_id",',
        'with "numbered" as',
        expect.stringMatching(/^commit$/i),
      ]);
      // The number the statement took is the one its document states.
      const [invoice] = await env.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, created.orderId));
      expect(invoice?.number).toBeGreaterThan(0);
      expect(invoice?.snapshot).toMatchObject({ type: 'INVOICE', number: invoice?.number });
    });
  });
});
