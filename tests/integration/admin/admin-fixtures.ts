import { sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/auth/password';
import { issueToken } from '@/lib/auth/tokens';
import type { Db } from '@/lib/db/client';
import {
  creditNotes,
  invoices,
  orderItems,
  orderProductKeys,
  orders,
  refunds,
  rolePermissions,
  roles,
  users,
} from '@/lib/db/schema';
import { newOrderId } from '@/lib/orders/orders';
import { TOP_UP_PRODUCTS } from '@/lib/topups/seed-data';
import { describeForDriver, postgresUrl } from '../../support/databases';
// Not a React hook, whatever its name says: it opens the handlers' process database.
import { openProcessDatabaseOn } from '../../support/process-database';

type OrderRow = typeof orders.$inferInsert;
type ItemRow = Omit<typeof orderItems.$inferInsert, 'orderId' | 'position'>;

export interface FixtureOrder {
  /** A fixed order id (base64url, as the shop makes them); a new random one otherwise. */
  id?: string;
  kind: OrderRow['kind'];
  status: NonNullable<OrderRow['status']>;
  email: string;
  /** ISO time, or a PostgreSQL timestamp with microseconds (kept exactly, where a Date would round it). */
  createdAt: string;
  phone?: string;
  amountBani: number;
  active?: { by: string; at: string };
  needsReview?: boolean;
  items: ItemRow[];
  invoice?: { series: string; year: number; number: number; vatBani?: number; buyerName?: string };
}

export const vignette = (
  categoryCode: string,
  vignetteType: ItemRow['vignetteType'],
  plate: string,
  priceBani: number,
): ItemRow => ({
  categoryCode,
  vignetteType,
  plate,
  country: 'RO',
  firstDay: '2026-03-10',
  lastDay: '2026-03-19',
  priceHuf: 6900,
  priceBani,
});

export const topUp = (topUpProductId: string, phone: string, priceBani: number): ItemRow => ({
  topUpProductId,
  phone,
  priceBani,
});

/** Writes an order as the shop would have stored it, with its items and invoice; returns its id. */
export async function insertOrder(db: Db, order: FixtureOrder): Promise<string> {
  const id = order.id ?? newOrderId();
  await db.insert(orders).values({
    id,
    kind: order.kind,
    status: order.status,
    email: order.email,
    phone: order.phone,
    locale: 'ro',
    amountBani: order.amountBani,
    productKeys: orderProductKeys(
      order.kind,
      order.items.flatMap(
        (item) =>
          item.categoryCode ??
          TOP_UP_PRODUCTS.find((product) => product.id === item.topUpProductId)?.operatorId ??
          [],
      ),
    ),
    needsReview: order.needsReview ?? false,
    active: Boolean(order.active),
    activeBy: order.active?.by,
    activeAt: order.active ? new Date(order.active.at) : undefined,
  });
  await db.execute(sql`update ${orders} set created_at = ${order.createdAt}::timestamptz where id = ${id}`);
  await db
    .insert(orderItems)
    .values(order.items.map((item, position) => ({ ...item, orderId: id, position })));
  if (order.invoice) {
    await db.insert(invoices).values({
      orderId: id,
      series: order.invoice.series,
      year: order.invoice.year,
      number: order.invoice.number,
      issuedAt: new Date(order.createdAt),
      totalBani: order.amountBani,
      vatBani: order.invoice.vatBani ?? 0,
      buyer: order.invoice.buyerName
        ? {
            kind: 'COMPANY',
            name: order.invoice.buyerName,
            address: 'Str. Exemplu 1, Cluj-Napoca',
            taxId: 'RO123456',
          }
        : { kind: 'PERSON', email: order.email },
    });
  }
  return id;
}

/** A credit note of an invoiced order, for a confirmed refund of `amountBani`, numbered `RPVS-2026-<number>`. */
export async function insertCreditNote(
  db: Db,
  order: { orderId: string; invoiceId: number },
  { number, amountBani, issuedAt }: { number: number; amountBani: number; issuedAt: Date },
) {
  const [refund] = await db
    .insert(refunds)
    .values({
      orderId: order.orderId,
      amountBani,
      reason: 'test',
      origin: 'STAFF',
      status: 'CONFIRMED',
      previousStatus: 'FULFILLED',
      requestedBy: 'admin',
    })
    .returning();
  const [note] = await db
    .insert(creditNotes)
    .values({
      orderId: order.orderId,
      refundId: refund!.id,
      invoiceId: order.invoiceId,
      series: 'RPVS',
      year: 2026,
      number,
      issuedAt,
      totalBani: amountBani,
      vatBani: 0,
    })
    .returning();
  return note!;
}

/** A user of a role, and a token for it; `authorities` makes the role first (for a role that lacks one). */
export async function staff(db: Db, username: string, roleName: string, authorities?: string[]) {
  if (authorities) {
    await db.insert(roles).values({ name: roleName }).onConflictDoNothing();
    await db
      .insert(rolePermissions)
      .values(authorities.map((authority) => ({ roleName, authority })))
      .onConflictDoNothing();
  }
  const [user] = await db
    .insert(users)
    .values({ username, passwordHash: await hashPassword('a-long-test-password'), roleName })
    .returning();
  return { user: user!, token: await issueToken(db, { sub: user!.id, ver: user!.tokenVersion }) };
}

/** The route handlers' process database: PGlite, or its own database on the PostgreSQL server when there is one. */
export const processDrivers = [
  { name: 'pglite', available: true, open: () => openProcessDatabaseOn('pglite') },
  { name: 'postgres', available: Boolean(postgresUrl), open: () => openProcessDatabaseOn('postgres') },
] as const;

/** A GET as the admin's browser sends it, with its token. */
export const get = (url: string, token?: string) =>
  new Request(`http://localhost${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** `body`'s tests on each process database (PGlite, and PostgreSQL when there is one), opened once per driver. */
export function describeOnProcessDrivers(title: string, body: (db: () => Db) => void) {
  describe.each(processDrivers)(`${title} on $name`, ({ available, open }) => {
    describeForDriver(available)('', () => {
      let env: Awaited<ReturnType<typeof open>>;
      beforeAll(async () => {
        env = await open();
      }, 120_000);
      afterAll(() => env.cleanup());
      body(() => env.database.db);
    });
  });
}
