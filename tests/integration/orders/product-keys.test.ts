import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { POST as postTopUpOrder } from '@/app/api/eps/order/route';
import { POST as postVignetteOrder } from '@/app/api/nmps/orders/order/route';
import { GET as getPayments } from '@/app/api/admin/payment/route';
import { orders } from '@/lib/db/schema';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { get, insertOrder, processDrivers, staff, vignette } from '../admin/admin-fixtures';
import { describeForDriver } from '../../support/databases';
import { jsonRequest, noParams } from '../../support/process-database';

/** The hand-written backfill of the migration that added `orders.product_keys`, as the migrator runs it. */
const backfill = fs
  .readFileSync(path.join(process.cwd(), 'drizzle', '0006_order_product_keys.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .find((statement) => statement.includes('UPDATE "orders"'))!;

const tomorrow = () => DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;

describe.each(processDrivers)('product keys of orders on $name', ({ open, available }) => {
  describeForDriver(available)('', () => {
    let env: Awaited<ReturnType<typeof open>>;
    const db = () => env.database.db;
    const keysOf = async (id: string) =>
      (await db().select({ keys: orders.productKeys }).from(orders).where(eq(orders.id, id)))[0]?.keys;

    beforeAll(async () => {
      env = await open();
    });
    afterAll(async () => env.cleanup());

    const ids: Record<string, string> = {};

    it('gives a vignette order its kind and each category once, whatever the order of its vignettes', async () => {
      const item = (categoryCode: string, type: string, plate: string) => ({
        categoryCode,
        type,
        startDate: tomorrow(),
        plate,
        country: 'RO',
      });
      const response = await postVignetteOrder(
        jsonRequest('/api/nmps/orders/order', {
          body: {
            items: [
              item('VAN', 'WEEK', 'B123ABC'),
              item('CAR', 'WEEK', 'B321CBA'),
              item('CAR', 'MONTH', 'CJ10XYZ'),
            ],
            email: 'driver@example.ro',
            locale: 'ro',
            acceptTerms: true,
          },
        }),
        noParams,
      );
      expect(response.status).toBe(201);
      ids.vignettes = (await response.json()).orderId;
      expect(await keysOf(ids.vignettes!)).toEqual(['VIGNETTE', 'CAR', 'VAN']);
    });

    it.each([
      ['orange', 'orange-10'],
      ['vodafone', 'vodafone-pin-10'],
    ])('gives a top-up its kind and its operator, %s', async (operatorId, productId) => {
      const response = await postTopUpOrder(
        jsonRequest('/api/eps/order', {
          body: {
            operatorId,
            productId,
            phone: '0722 123 456',
            email: 'buyer@example.ro',
            locale: 'ro',
            acceptTerms: true,
          },
        }),
        noParams,
      );
      expect(response.status).toBe(201);
      ids[operatorId] = (await response.json()).orderId;
      expect(await keysOf(ids[operatorId]!)).toEqual(['TOPUP', operatorId]);
    });

    it('finds each order by every one of its keys, and by no other', async () => {
      const { token } = await staff(db(), 'keys-admin', 'ADMIN');
      const found = async (product: string) => {
        const response = await getPayments(get(`/api/admin/payment?product=${product}`, token), noParams);
        expect(response.status).toBe(200);
        return ((await response.json()).items as { id: string }[]).map((item) => item.id).sort();
      };
      expect(await found('VIGNETTE')).toEqual([ids.vignettes]);
      expect(await found('CAR')).toEqual([ids.vignettes]);
      expect(await found('VAN')).toEqual([ids.vignettes]);
      expect(await found('TRAIL')).toEqual([]);
      expect(await found('TOPUP')).toEqual([ids.orange, ids.vodafone].sort());
      expect(await found('orange')).toEqual([ids.orange]);
      expect(await found('digi')).toEqual([]);
    });

    it("the migration's backfill computes from the items the very keys the shop writes", async () => {
      // Categories out of byte order, as the admin fixtures write an order.
      await insertOrder(db(), {
        kind: 'VIGNETTE',
        status: 'CANCELED',
        email: 'nobody@example.ro',
        createdAt: '2026-03-10T10:00:00Z',
        amountBani: 0,
        items: [vignette('TRAIL', 'WEEK', 'B99XYZ', 9000), vignette('MOTOR', 'DAY', 'B99XYZ', 3600)],
      });
      const everyOrder = () =>
        db().select({ id: orders.id, keys: orders.productKeys }).from(orders).orderBy(asc(orders.id));
      const written = await everyOrder();
      expect(written).toHaveLength(4);

      await db().execute(sql`update ${orders} set product_keys = '{}'`);
      await db().execute(sql.raw(backfill));
      expect(await everyOrder()).toEqual(written);
    });
  });
});
