import fs from 'node:fs';
import path from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { GET as getPayments } from '@/app/api/admin/payment/route';
import { GET as getOrder } from '@/app/api/orders/[orderId]/route';
import { POST as postVignetteOrder } from '@/app/api/nmps/orders/order/route';
import { orders } from '@/lib/db/schema';
import { insertWithReference } from '@/lib/orders/create-order';
import { newOrderId } from '@/lib/db/order-id';
import { isOrderReference, newOrderReference } from '@/lib/orders/order-reference';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { get, insertOrder, processDrivers, staff, vignette } from '../admin/admin-fixtures';
import { describeForDriver } from '../../support/databases';
import { jsonRequest, noParams } from '../../support/process-database';

/** The statements of the migration that added `orders.reference`, as the migrator runs them. */
const migration = fs
  .readFileSync(path.join(process.cwd(), 'drizzle', '0018_order_reference.sql'), 'utf8')
  .split('--> statement-breakpoint');
const backfill = migration.find((statement) => statement.includes('DO $$'))!;

const tomorrow = () => DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;

describe.each(processDrivers)("orders' short references on $name", ({ open, available }) => {
  describeForDriver(available)('', () => {
    let env: Awaited<ReturnType<typeof open>>;
    const db = () => env.database.db;
    const referenceOf = async (id: string) =>
      (await db().select({ reference: orders.reference }).from(orders).where(eq(orders.id, id)))[0]
        ?.reference;

    beforeAll(async () => {
      env = await open();
    }, 120_000);
    afterAll(async () => env.cleanup());

    let placed: { id: string; reference: string };

    it('gives an order its reference when it is placed, and the buyer reads it back', async () => {
      const response = await postVignetteOrder(
        jsonRequest('/api/nmps/orders/order', {
          body: {
            items: [
              { categoryCode: 'CAR', type: 'WEEK', startDate: tomorrow(), plate: 'B123ABC', country: 'RO' },
            ],
            email: 'driver@example.ro',
            locale: 'ro',
            acceptTerms: true,
          },
        }),
        noParams,
      );
      expect(response.status).toBe(201);
      const id = (await response.json()).orderId as string;
      const reference = (await referenceOf(id))!;
      expect(isOrderReference(reference)).toBe(true);
      placed = { id, reference };
      const read = await getOrder(new Request(`http://localhost/api/orders/${id}`), {
        params: Promise.resolve({ orderId: id }),
      });
      expect((await read.json()).reference).toBe(reference);
    });

    it("gives an order inserted without one (a previous release's) a reference by the column's default", async () => {
      const ids = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          insertOrder(db(), {
            kind: 'VIGNETTE',
            status: 'FULFILLED',
            email: `old${index}@example.ro`,
            createdAt: '2026-03-10T10:00:00Z',
            amountBani: 9000,
            items: [vignette('CAR', 'WEEK', `B${100 + index}OLD`, 9000)],
          }),
        ),
      );
      const references = await Promise.all(ids.map(referenceOf));
      // The SQL function follows the same rule as lib/orders/order-reference.ts: each one checks there.
      for (const reference of references) expect(isOrderReference(reference!)).toBe(true);
      expect(new Set(references).size).toBe(ids.length);
    });

    it("the migration's backfill gives every order without one its own reference, leaving the others", async () => {
      const before = await db().select({ id: orders.id, reference: orders.reference }).from(orders);
      const cleared = before.slice(1).map((row) => row.id);
      await db().execute(sql`update ${orders} set reference = null where id in ${cleared}`);
      expect(await db().select().from(orders).where(isNull(orders.reference))).toHaveLength(cleared.length);

      await db().execute(sql.raw(backfill));

      const after = await db().select({ id: orders.id, reference: orders.reference }).from(orders);
      expect(after).toHaveLength(before.length);
      for (const row of after) expect(isOrderReference(row.reference!)).toBe(true);
      expect(new Set(after.map((row) => row.reference)).size).toBe(after.length);
      expect(await referenceOf(before[0]!.id)).toBe(before[0]!.reference);
    });

    it('draws another reference when the one drawn is taken', async () => {
      const taken = (await referenceOf(placed.id))!;
      const draws = [taken, taken];
      const id = newOrderId();
      const reference = await insertWithReference(
        async (drawn) => {
          await db().insert(orders).values({
            id,
            kind: 'VIGNETTE',
            email: 'x@example.ro',
            locale: 'ro',
            amountBani: 1,
            reference: drawn,
          });
          return drawn;
        },
        () => draws.shift() ?? newOrderReference(),
      );
      expect(reference).not.toBe(taken);
      expect(await referenceOf(id)).toBe(reference);
    });

    it('finds the order in the back-office by its reference, in any case, with or without dashes', async () => {
      const { token } = await staff(db(), 'reference-admin', 'ADMIN');
      const found = async (q: string) => {
        const response = await getPayments(
          get(`/api/admin/payment?q=${encodeURIComponent(q)}`, token),
          noParams,
        );
        expect(response.status).toBe(200);
        return (await response.json()).items as { id: string; reference: string }[];
      };
      const { reference } = placed;
      const characters = reference.slice(3).replace('-', '');
      for (const q of [
        reference,
        reference.toLowerCase(),
        characters,
        characters.toLowerCase(),
        `rp${characters}`,
      ]) {
        expect((await found(q)).map((item) => [item.id, item.reference])).toEqual([[placed.id, reference]]);
      }
    });
  });
});
