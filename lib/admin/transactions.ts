import 'server-only';

import { and, arrayContains, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Principal } from '@/lib/auth/guard';
import type { Db, Executor } from '@/lib/db/client';
import { invoices, orderItems, orders, topUpOperators, topUpProducts } from '@/lib/db/schema';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { NEEDS_ATTENTION } from '@/lib/orders/attention';
import { parseOrderReference } from '@/lib/orders/order-reference';
import { findOrder } from '@/lib/orders/orders';
import type { OrderStatus } from '@/lib/orders/status';
import { parseRomanianPhone } from '@/lib/phones/romanian-phone';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import type { VignetteType } from '@/lib/vignettes/periods';
import { normalizePlate } from '@/lib/vignettes/plate';
import {
  daysInRange,
  type TransactionFilters,
  type TransactionListQuery,
  type TransactionRangeQuery,
} from '@/lib/validations/admin-transactions';
import { recordAudit } from '@/lib/auth/audit';

/**
 * The states in which the shop has the buyer's money: the daily series counts these. REFUNDED is left out (the
 * money went back), and so are orders never paid (PENDING_PAYMENT, FAILED, CANCELED, EXPIRED).
 */
export const MONEY_RECEIVED: readonly OrderStatus[] = ['PAID', 'FULFILLED', 'FULFILLMENT_FAILED'];

/**
 * What an order holds, alike items counted together, in the order bought: a vignette's category code (`CAR`) and
 * period, or a top-up's operator and plan (`Orange PrePay`), face value in euro cents and delivery. Data, not words:
 * the screens and the spreadsheet name them in the admin's language (lib/admin/product-names.ts).
 */
export type TransactionProduct =
  | { categoryCode: string; type: VignetteType; count: number }
  | { operator: string; faceValueCents: number; currency: 'EUR'; delivery: 'DIRECT' | 'PIN'; count: number };

/** One row of the transactions list, of the exports and of `PATCH /api/admin/payment`'s answer. */
export interface TransactionItem {
  id: string;
  /** The short reference the buyer reads out (`RP-7K3-9QX`); null only on an order older than references. */
  reference: string | null;
  kind: 'VIGNETTE' | 'TOPUP';
  status: OrderStatus;
  email: string;
  phone: string | null;
  plates: string[];
  /** `CAR WEEK ×2, VAN MONTH` or `Orange PrePay 10 EUR`: the products in no one's language, for the XML export. */
  description: string;
  products: TransactionProduct[];
  /** In bani. */
  amountRon: number;
  createdAt: string;
  needsReview: boolean;
  /** Delivery failed, paid after it ended, a refund pending or a chargeback: see lib/orders/attention.ts. */
  needsAttention: boolean;
  active: boolean;
  activeBy: string | null;
  activeAt: string | null;
  invoiceNumber: string | null;
}

export interface DailySales {
  day: string;
  count: number;
  amountRon: number;
}

const orderColumns = {
  id: orders.id,
  reference: orders.reference,
  kind: orders.kind,
  status: orders.status,
  email: orders.email,
  phone: orders.phone,
  amountBani: orders.amountBani,
  createdAt: orders.createdAt,
  needsReview: orders.needsReview,
  needsAttention: sql<boolean>`${NEEDS_ATTENTION}`,
  active: orders.active,
  activeBy: orders.activeBy,
  activeAt: orders.activeAt,
  invoiceSeries: invoices.series,
  invoiceYear: invoices.year,
  invoiceNumber: invoices.number,
};

const selectOrders = (executor: Executor) =>
  executor.select(orderColumns).from(orders).leftJoin(invoices, eq(invoices.orderId, orders.id));

type OrderListRow = Awaited<ReturnType<typeof selectOrders>>[number];

/** The first instant of a calendar day in Romania (23 or 25 hours long on the days the clocks change). */
const startOfDay = (day: string) => DateTime.fromISO(day, { zone: SHOP_TIME_ZONE }).startOf('day');

/** `a_b%` → `a\_b\%`: the text matched literally by LIKE. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The e-mail as searched and sorted: lowercased, compared byte by byte. The index `orders_email_lower` is on this
 * very expression; in the C collation a LIKE with a fixed beginning is a range scan of it, and it gives the sort.
 */
const emailKey = sql`lower(${orders.email}) collate "C"`;

/** The ids of the orders whose e-mail begins with `text`, whatever the case. */
export const ordersByEmailPrefix = (text: string): SQL =>
  sql`select ${orders.id} from ${orders} where ${emailKey} like ${`${escapeLike(text.toLowerCase())}%`}`;

const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PLATE = /^[A-Z0-9]{2,10}$/;

/**
 * The orders a search text can mean, as a union of index lookups: the order id exactly, its short reference in
 * any case, with or without dashes, the e-mail by its beginning (case-insensitive), the plate normalised as orders
 * store it, and the phone number in any form the spec's pattern accepts, as E.164. A union of lookups lets each one use its own index, where an OR across tables
 * would read every order.
 */
function searchCondition(text: string): SQL {
  const lookups: SQL[] = [ordersByEmailPrefix(text)];
  if (ORDER_ID.test(text)) lookups.push(sql`select ${text}::text`);
  // The short reference as read out on the phone: any case, with or without the dashes or `RP`.
  const reference = parseOrderReference(text);
  if (reference.ok) {
    lookups.push(sql`select ${orders.id} from ${orders} where ${orders.reference} = ${reference.reference}`);
  }
  const plate = normalizePlate(text);
  if (PLATE.test(plate)) {
    lookups.push(sql`select ${orderItems.orderId} from ${orderItems} where ${orderItems.plate} = ${plate}`);
  }
  const phone = parseRomanianPhone(text)?.e164;
  if (phone) {
    lookups.push(sql`select ${orderItems.orderId} from ${orderItems} where ${orderItems.phone} = ${phone}`);
    // A vignette order's optional contact phone is kept as the buyer typed it.
    lookups.push(sql`select ${orders.id} from ${orders} where ${orders.phone} in (${phone}, ${text})`);
  }
  return sql`${orders.id} in (${sql.join(lookups, sql` union all `)})`;
}

/**
 * The orders of a kind, a vignette category or a top-up operator. A category or an operator is one predicate on the
 * keys each order keeps (`orders.product_keys`), answered by their GIN index, and the statistics of the array's
 * elements tell the planner how many orders match; through the items, counting the orders of the commonest
 * category meant joining half the orders to their items. A kind, though the keys hold it too, is read from the
 * kind: where most orders match, the planner scans them all, and comparing an enum costs less than an array.
 */
const productCondition = (product: NonNullable<TransactionFilters['product']>): SQL =>
  product === 'VIGNETTE' || product === 'TOPUP'
    ? eq(orders.kind, product)
    : arrayContains(orders.productKeys, [product]);

/** The WHERE of the list, the daily series and the exports. */
function filterConditions(filters: TransactionFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.product) conditions.push(productCondition(filters.product));
  if (filters.active !== undefined) conditions.push(eq(orders.active, filters.active));
  if (filters.from) conditions.push(gte(orders.createdAt, startOfDay(filters.from).toJSDate()));
  if (filters.to) conditions.push(lt(orders.createdAt, startOfDay(filters.to).plus({ days: 1 }).toJSDate()));
  if (filters.q) conditions.push(searchCondition(filters.q));
  if (filters.attention) conditions.push(NEEDS_ATTENTION);
  return conditions;
}

interface ItemRow {
  orderId: string;
  categoryCode: string | null;
  vignetteType: VignetteType | null;
  plate: string | null;
  phone: string | null;
  operatorName: string | null;
  plan: string | null;
  faceValueCents: number | null;
  delivery: 'DIRECT' | 'PIN' | null;
}

/** The products of an order's items (in the order bought), alike ones counted together. */
function productsOf(items: ItemRow[]): TransactionProduct[] {
  const products = new Map<string, TransactionProduct>();
  for (const item of items) {
    let product: TransactionProduct;
    if (item.operatorName !== null && item.faceValueCents !== null && item.delivery !== null) {
      product = {
        operator: `${item.operatorName} ${item.plan}`,
        faceValueCents: item.faceValueCents,
        currency: 'EUR',
        delivery: item.delivery,
        count: 1,
      };
    } else if (item.categoryCode !== null && item.vignetteType !== null) {
      product = { categoryCode: item.categoryCode, type: item.vignetteType, count: 1 };
    } else {
      // Neither: the order's writer and the foreign keys allow no such item.
      continue;
    }
    const key = JSON.stringify({ ...product, count: 0 });
    const same = products.get(key);
    if (same) same.count += 1;
    else products.set(key, product);
  }
  return [...products.values()];
}

/** `CAR WEEK ×2, VAN MONTH` for vignettes; `Orange PrePay 10 EUR` for a top-up (`... PIN` for one sent as a code). */
function describe(products: TransactionProduct[]): string {
  return products
    .map((product) => {
      const part =
        'operator' in product
          ? `${product.operator} ${product.faceValueCents / 100} EUR${product.delivery === 'PIN' ? ' PIN' : ''}`
          : `${product.categoryCode} ${product.type}`;
      return product.count > 1 ? `${part} ×${product.count}` : part;
    })
    .join(', ');
}

/** The list rows of some orders, with what their items say: one query for the items of all of them. */
async function toItems(executor: Executor, rows: OrderListRow[]): Promise<TransactionItem[]> {
  if (rows.length === 0) return [];
  const itemRows: ItemRow[] = await executor
    .select({
      orderId: orderItems.orderId,
      categoryCode: orderItems.categoryCode,
      vignetteType: orderItems.vignetteType,
      plate: orderItems.plate,
      phone: orderItems.phone,
      operatorName: topUpOperators.name,
      plan: topUpOperators.plan,
      faceValueCents: topUpProducts.faceValueCents,
      delivery: topUpProducts.delivery,
    })
    .from(orderItems)
    .leftJoin(topUpProducts, eq(topUpProducts.id, orderItems.topUpProductId))
    .leftJoin(topUpOperators, eq(topUpOperators.id, topUpProducts.operatorId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const itemsOf = new Map<string, ItemRow[]>();
  for (const item of itemRows) {
    const list = itemsOf.get(item.orderId);
    if (list) list.push(item);
    else itemsOf.set(item.orderId, [item]);
  }
  return rows.map((row) => {
    const items = itemsOf.get(row.id) ?? [];
    const products = productsOf(items);
    return {
      id: row.id,
      reference: row.reference,
      kind: row.kind,
      status: row.status,
      email: row.email,
      phone: row.phone ?? items.find((item) => item.phone)?.phone ?? null,
      plates: [...new Set(items.flatMap((item) => (item.plate ? [item.plate] : [])))],
      description: describe(products),
      products,
      amountRon: row.amountBani,
      createdAt: row.createdAt.toISOString(),
      needsReview: row.needsReview,
      needsAttention: Boolean(row.needsAttention),
      active: row.active,
      activeBy: row.activeBy,
      activeAt: row.activeAt?.toISOString() ?? null,
      invoiceNumber:
        row.invoiceSeries !== null && row.invoiceYear !== null && row.invoiceNumber !== null
          ? formatInvoiceNumber(row.invoiceSeries, row.invoiceYear, row.invoiceNumber)
          : null,
    };
  });
}

const SORT_KEYS = {
  createdAt: orders.createdAt,
  amount: orders.amountBani,
  // The enum's order: the order's lifecycle (PENDING_PAYMENT, PAID, FULFILLED, ...), not the alphabet.
  status: orders.status,
  email: emailKey,
} as const;

/**
 * One page of transactions, filtered, searched and sorted by the database, and the number of all that match.
 * Rows that tie on the sort key are ordered by time, then id, in the same direction, so that a row never shows on
 * two pages and one index serves both directions.
 */
export async function listTransactions(db: Db, query: TransactionListQuery) {
  const where = and(...filterConditions(query));
  const direction = query.dir === 'asc' ? asc : desc;
  const order =
    query.sort === 'createdAt'
      ? [direction(orders.createdAt), direction(orders.id)]
      : [direction(SORT_KEYS[query.sort]), direction(orders.createdAt), direction(orders.id)];
  const [rows, [total], [attention]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(orders).where(where),
    db.select({ n: count() }).from(orders).where(NEEDS_ATTENTION),
  ]);
  return {
    items: await toItems(db, rows),
    total: Number(total?.n ?? 0),
    page: query.page,
    size: query.size,
    /** How many orders need a hand now, whatever the filters: the screen's badge. */
    attention: Number(attention?.n ?? 0),
  };
}

/** One transaction as the list shows it, or null. */
export async function findTransaction(executor: Executor, id: string): Promise<TransactionItem | null> {
  const [item] = await toItems(executor, await selectOrders(executor).where(eq(orders.id, id)));
  return item ?? null;
}

/**
 * Every transaction that matches, oldest first, in batches read by keyset (time, then id) so that an export of a
 * year never holds more than one batch. Each batch is a query of its own: orders created meanwhile may appear in
 * the last batch, none is read twice.
 */
export async function* transactionBatches(
  db: Db,
  filters: TransactionFilters,
  batchSize = 1000,
): AsyncGenerator<TransactionItem[]> {
  const filtering = filterConditions(filters);
  let after: string | undefined;
  for (;;) {
    const conditions = [...filtering];
    if (after !== undefined) {
      // Compared with the row's own stored time: a JavaScript Date would round its microseconds away.
      conditions.push(
        sql`(${orders.createdAt}, ${orders.id}) > ((select o.created_at from ${orders} o where o.id = ${after}), ${after})`,
      );
    }
    const rows = await selectOrders(db)
      .where(and(...conditions))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(batchSize);
    if (rows.length > 0) yield await toItems(db, rows);
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * Orders and money received per calendar day in Romania, for every day of the range (a day without sales is 0):
 * only orders whose money the shop holds ({@link MONEY_RECEIVED}), narrowed further by the list's filters.
 */
export async function dailySales(db: Db, query: TransactionRangeQuery): Promise<DailySales[]> {
  // An order's day is the number of the midnights in Romania it follows, found by a binary search among the
  // range's midnights, worked out once: converting every order's time to Romania's cost more than reading the
  // orders. (Working them out in JavaScript, with luxon, cost as much again.) The statement groups by its first
  // column: the same expression written twice would carry parameters of its own, which GROUP BY cannot match.
  // Local times, without a zone until the last step: the session's own zone plays no part.
  const midnights = sql`array(select day at time zone '${sql.raw(SHOP_TIME_ZONE)}' from generate_series(
    ${query.from}::timestamp, ${query.to}::timestamp + interval '1 day', interval '1 day') as day)`;
  // The states as literals, so that the planner sees the very predicate of the partial index
  // `orders_money_received_created` and reads the range from that index alone.
  const moneyReceived = sql.raw(MONEY_RECEIVED.map((status) => `'${status}'`).join(', '));
  const rows = await db
    .select({
      day: sql<number>`width_bucket(${orders.createdAt}, ${midnights})`,
      count: count(),
      amount: sql<string>`coalesce(sum(${orders.amountBani}), 0)`,
    })
    .from(orders)
    .where(and(sql`${orders.status} in (${moneyReceived})`, ...filterConditions(query)))
    .groupBy(sql`1`);
  // width_bucket numbers the days from 1; the days of the calendar have no clock changes in UTC.
  const byDay = new Map(rows.map((row) => [Number(row.day) - 1, row]));
  const first = Date.parse(`${query.from}T00:00:00Z`);
  return Array.from({ length: daysInRange(query.from, query.to) }, (_, index) => {
    const row = byDay.get(index);
    return {
      day: new Date(first + index * 86_400_000).toISOString().slice(0, 10),
      count: Number(row?.count ?? 0),
      amountRon: Number(row?.amount ?? 0),
    };
  });
}

/**
 * Marks a transaction active (docs/domain.md, Order statuses) with who did it and when, or undoes the mark, and
 * records it in the audit log in the same transaction. One already in the state asked for is answered as it is: the
 * first person's name and time are kept, and nothing is recorded again. Null when there is no such order.
 */
export async function markTransactionActive(
  db: Db,
  principal: Pick<Principal, 'id' | 'username'>,
  id: string,
  active = true,
): Promise<TransactionItem | null> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set(
        active
          ? { active: true, activeBy: principal.username, activeAt: sql`now()`, updatedAt: sql`now()` }
          : { active: false, activeBy: null, activeAt: null, updatedAt: sql`now()` },
      )
      .where(and(eq(orders.id, id), eq(orders.active, !active)))
      .returning({ id: orders.id });
    if (changed)
      await recordAudit(tx, principal, {
        action: active ? 'payment.markActive' : 'payment.unmarkActive',
        target: id,
      });
    else if (!(await findOrder(tx, id))) return null;
    return findTransaction(tx, id);
  });
}
