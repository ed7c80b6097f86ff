import { DateTime } from 'luxon';
import { POST as postVignetteOrder } from '@/app/api/nmps/orders/order/route';
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
        'with created_order as',
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
  });
});
