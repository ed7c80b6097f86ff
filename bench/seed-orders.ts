import { randomBytes } from 'node:crypto';
import type { Db } from '@/lib/db/client';
import { invoices, orderItems, orderProductKeys, orders } from '@/lib/db/schema';
import { VIGNETTE_PRICES, SEED_EXCHANGE_RATE } from '@/lib/catalog/seed-data';
import { TOP_UP_PRODUCTS } from '@/lib/topups/seed-data';
import { HUNGARIAN_COUNTIES } from '@/lib/vignettes/counties';
import { RO_COUNTY_CODES } from '@/lib/vignettes/plate';

/**
 * A year of a busy shop's orders for the benchmark: a repeatable mix (the same seed gives the same orders) of
 * vignette orders of one to three vignettes and top-ups, in every state, with their invoices, from returning and
 * new customers. Inserted in batches, as fast as plain INSERTs allow.
 */

/** mulberry32: small, fast and repeatable; not for anything secret. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Weighted<T> = readonly (readonly [T, number])[];

const pickWith =
  (next: () => number) =>
  <T>(choices: Weighted<T>): T => {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices.at(-1)![0];
  };

const STATUSES: Weighted<(typeof orders.$inferInsert)['status'] & string> = [
  ['FULFILLED', 76],
  ['PAID', 2],
  ['FULFILLMENT_FAILED', 1],
  ['REFUNDED', 1],
  ['EXPIRED', 9],
  ['FAILED', 5],
  ['CANCELED', 3],
  ['PENDING_PAYMENT', 3],
];
const INVOICED = new Set(['FULFILLED', 'PAID', 'FULFILLMENT_FAILED', 'REFUNDED']);
const CATEGORIES: Weighted<string> = [
  ['CAR', 62],
  ['VAN', 14],
  ['MOTOR', 9],
  ['TRAIL', 15],
];
const TYPES: Weighted<'DAY' | 'WEEK' | 'MONTH' | 'YEAR' | 'COUNTY_YEAR'> = [
  ['WEEK', 45],
  ['MONTH', 20],
  ['DAY', 15],
  ['YEAR', 12],
  ['COUNTY_YEAR', 8],
];
const COUNTIES = HUNGARIAN_COUNTIES.map((county) => county.id);
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const DOMAINS = ['gmail.com', 'yahoo.com', 'example.ro', 'firma.ro', 'outlook.com'];

export interface SeededOrders {
  count: number;
  items: number;
  invoices: number;
  /** Real values to search for: an order id, an e-mail, a plate, a phone number. */
  samples: { orderId: string; email: string; plate: string; phone: string };
  first: Date;
  last: Date;
}

/** Inserts `count` orders created over the `days` days before `now`, with their items and invoices. */
export async function seedOrders(
  db: Db,
  {
    count,
    days = 365,
    now = new Date(),
    seed = 42,
    batch = 1000,
  }: { count: number; days?: number; now?: Date; seed?: number; batch?: number },
): Promise<SeededOrders> {
  const next = random(seed);
  const pick = pickWith(next);
  const integer = (below: number) => Math.floor(next() * below);
  const letters = (n: number) => Array.from({ length: n }, () => LETTERS[integer(LETTERS.length)]).join('');
  const counties = [...RO_COUNTY_CODES];
  const plate = () =>
    next() < 0.85
      ? `${counties[integer(counties.length)]}${String(10 + integer(90))}${letters(3)}`
      : `${letters(3)}${String(100 + integer(900))}`;
  const phone = () => `+407${String(integer(100_000_000)).padStart(8, '0')}`;
  const rate = Number(SEED_EXCHANGE_RATE.ron2huf);
  const prices = VIGNETTE_PRICES[2026]!;

  // About 40 000 customers: most buy once, some come back.
  const customers = Math.max(1, Math.round(count * 0.4));
  const times = Array.from({ length: count }, () => now.getTime() - next() * days * 86_400_000).sort(
    (a, b) => a - b,
  );
  const counters = new Map<string, number>();
  const totals = { items: 0, invoices: 0 };
  let samples: SeededOrders['samples'] | undefined;

  for (let start = 0; start < count; start += batch) {
    const orderRows: (typeof orders.$inferInsert)[] = [];
    const itemRows: (typeof orderItems.$inferInsert)[] = [];
    const invoiceRows: (typeof invoices.$inferInsert)[] = [];
    for (let index = start; index < Math.min(start + batch, count); index++) {
      const id = randomBytes(16).toString('base64url');
      const createdAt = new Date(times[index]!);
      const status = pick(STATUSES);
      const customer = integer(customers);
      const email = `client${customer}@${DOMAINS[customer % DOMAINS.length]}`;
      const topUp = next() < 0.3;
      let amountBani = 0;
      let orderPhone: string | null = null;
      const products: string[] = [];
      if (topUp) {
        const product = TOP_UP_PRODUCTS[integer(TOP_UP_PRODUCTS.length)]!;
        orderPhone = phone();
        amountBani = product.priceBani;
        products.push(product.operatorId);
        itemRows.push({
          orderId: id,
          position: 0,
          topUpProductId: product.id,
          phone: orderPhone,
          priceBani: product.priceBani,
        });
      } else {
        const vignettes = pick([
          [1, 75],
          [2, 18],
          [3, 7],
        ] as const);
        const vehicle = plate();
        for (let position = 0; position < vignettes; position++) {
          const categoryCode = pick(CATEGORIES);
          const type = pick(TYPES);
          const priceHuf = prices[categoryCode]![type];
          const priceBani = Math.round((priceHuf / rate) * 100);
          amountBani += priceBani;
          products.push(categoryCode);
          itemRows.push({
            orderId: id,
            position,
            categoryCode,
            vignetteType: type,
            county: type === 'COUNTY_YEAR' ? COUNTIES[integer(COUNTIES.length)] : null,
            // A second vignette is mostly for the same vehicle (a trailer has its own plate).
            plate: position === 0 || next() < 0.6 ? vehicle : plate(),
            country: 'RO',
            firstDay: createdAt.toISOString().slice(0, 10),
            lastDay: createdAt.toISOString().slice(0, 10),
            priceHuf,
            priceBani,
            issuedId: status === 'FULFILLED' ? `NMPS-${index}-${position}` : null,
          });
        }
      }
      const active = status === 'FULFILLED' && next() < 0.25;
      orderRows.push({
        id,
        kind: topUp ? 'TOPUP' : 'VIGNETTE',
        status,
        email,
        phone: orderPhone,
        locale: pick([
          ['ro', 80],
          ['en', 10],
          ['hu', 6],
          ['de', 4],
        ] as const),
        amountBani,
        productKeys: orderProductKeys(topUp ? 'TOPUP' : 'VIGNETTE', products),
        ron2huf: SEED_EXCHANGE_RATE.ron2huf,
        rateDate: SEED_EXCHANGE_RATE.rateDate,
        needsReview: status === 'PAID' && next() < 0.05,
        active,
        activeBy: active ? 'operator' : null,
        activeAt: active ? new Date(createdAt.getTime() + 3_600_000) : null,
        createdAt,
        updatedAt: createdAt,
      });
      if (INVOICED.has(status)) {
        const series = topUp ? 'RPT' : 'RPV';
        const year = createdAt.getUTCFullYear();
        const key = `${series}-${year}`;
        const number = (counters.get(key) ?? 0) + 1;
        counters.set(key, number);
        invoiceRows.push({
          orderId: id,
          series,
          year,
          number,
          issuedAt: createdAt,
          totalBani: amountBani,
          vatBani: topUp ? Math.round((amountBani * 21) / 121) : 0,
          buyer: { kind: 'PERSON', email },
        });
      }
      const firstItem = itemRows.find((item) => item.orderId === id)!;
      if (!samples && index > count / 2 && status === 'FULFILLED' && firstItem.categoryCode === 'CAR') {
        samples = { orderId: id, email, plate: firstItem.plate!, phone: '' };
      }
      if (samples && !samples.phone && orderPhone) samples.phone = orderPhone;
    }
    await db.insert(orders).values(orderRows);
    await db.insert(orderItems).values(itemRows);
    if (invoiceRows.length > 0) await db.insert(invoices).values(invoiceRows);
    totals.items += itemRows.length;
    totals.invoices += invoiceRows.length;
  }
  return {
    count,
    ...totals,
    samples: samples ?? { orderId: '', email: '', plate: '', phone: '' },
    first: new Date(times[0] ?? now.getTime()),
    last: new Date(times.at(-1) ?? now.getTime()),
  };
}
