import 'server-only';

import { desc, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { hufToBani, quotingCatalog } from '@/lib/catalog/catalog';
import type { Db } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { buyerCreditNotesOf } from '@/lib/invoices/credit-note';
import { toBuyerOrder, type BuyerTopUp, type BuyerVignette } from '@/lib/orders/buyer-order';
import { documentToken, DOCUMENT_TOKEN_PARAM } from '@/lib/orders/document-access';
import { loadOrderItems } from '@/lib/orders/order-read';
import { isOrderId } from '@/lib/orders/orders';
import type { OrderStatus } from '@/lib/orders/status';
import { isYearly } from '@/lib/vignettes/periods';
import {
  orderReference,
  sameAgain,
  vignetteStanding,
  type SameAgainVignette,
  type VignetteStanding,
} from './my-orders-rules';

/** The most orders the list shows, newest first; an older one is opened from its e-mail. */
export const MY_ORDERS_LIMIT = 50;

export interface MyOrderVignette extends BuyerVignette {
  /** How it stands today; null while it is not issued (an unpaid or undelivered order). */
  standing: VignetteStanding | null;
}

/** One order as its buyer's list shows it. */
export interface MyOrder {
  id: string;
  /** How the list names it (lib/buyers/my-orders-rules.ts, orderReference). */
  reference: string;
  kind: 'VIGNETTE' | 'TOPUP';
  status: OrderStatus;
  createdAt: string;
  amountBani: number;
  vignettes: MyOrderVignette[];
  topUps: BuyerTopUp[];
  /** The order page's query that opens its documents (`t=…`), as the order's e-mails link it. */
  documentQuery: string;
  /** Its invoice and credit notes, each as the download route's query (with the order's key); none before payment. */
  documents: { invoice: string; creditNotes: { id: number; query: string }[] } | null;
  /** Whether the confirmation may be sent again (lib/orders/resend.ts: once the vignettes are issued). */
  mayResend: boolean;
  /** "Buy the same again": the next vignette of each of the order's vignettes. */
  sameAgain: SameAgainVignette[];
}

/** Whose e-mail an order is, on the orders' `lower(email)` index. */
const ofEmail = (email: string) => sql`lower(${orders.email}) collate "C" = ${email}`;

async function myOrderOf(db: Db, row: typeof orders.$inferSelect, now: Date): Promise<MyOrder> {
  const order = toBuyerOrder({ order: row, items: await loadOrderItems(db, row.id) }, now);
  const token = await documentToken(db, row.id);
  const key = `${DOCUMENT_TOKEN_PARAM}=${token}`;
  const vignettes = order.items.filter((item): item is BuyerVignette => item.kind === 'VIGNETTE');
  return {
    id: order.id,
    reference: orderReference(order),
    kind: order.kind,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    amountBani: order.amountBani,
    vignettes: vignettes.map((vignette) => ({
      ...vignette,
      standing:
        vignette.issuedId && vignette.firstDay && vignette.lastDay
          ? vignetteStanding({ firstDay: vignette.firstDay, lastDay: vignette.lastDay }, now)
          : null,
    })),
    topUps: order.items.filter((item): item is BuyerTopUp => item.kind === 'TOPUP'),
    documentQuery: key,
    documents: order.hasInvoice
      ? {
          invoice: key,
          creditNotes: (await buyerCreditNotesOf(db, row.id)).map(({ id }) => ({
            id,
            query: `type=credit-note&creditNoteId=${id}&${key}`,
          })),
        }
      : null,
    mayResend: order.status === 'FULFILLED',
    sameAgain: vignettes.flatMap((vignette) =>
      vignette.categoryCode && vignette.type && vignette.plate && vignette.country && vignette.lastDay
        ? [
            sameAgain(
              {
                categoryCode: vignette.categoryCode,
                type: vignette.type,
                plate: vignette.plate,
                country: vignette.country,
                county: vignette.county,
              },
              { firstDay: vignette.firstDay ?? vignette.lastDay, lastDay: vignette.lastDay },
              now,
              Boolean(vignette.issuedId),
            ),
          ]
        : [],
    ),
  };
}

/** The orders of a session's e-mail, newest first (at most {@link MY_ORDERS_LIMIT}). */
export async function listMyOrders(db: Db, email: string, now = new Date()): Promise<MyOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(ofEmail(email))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(MY_ORDERS_LIMIT);
  return Promise.all(rows.map((row) => myOrderOf(db, row, now)));
}

/** One order of a session's e-mail; 404 for any other, exactly as for no order at all. */
export async function getMyOrder(db: Db, email: string, orderId: string, now = new Date()): Promise<MyOrder> {
  const notFound = new ApiError('NOT_FOUND', 'No such order');
  if (!isOrderId(orderId)) throw notFound;
  const [row] = await db
    .select()
    .from(orders)
    .where(sql`${orders.id} = ${orderId} and ${ofEmail(email)}`);
  if (!row) throw notFound;
  return myOrderOf(db, row, now);
}

/** A vignette of "the same again" as the cart keeps it, with the catalog's prices of today. */
export interface SameAgainCartItem extends SameAgainVignette {
  priceHuf: number;
  priceRon: number;
}

/**
 * The cart lines of "buy the same again", priced from today's catalog as the vignette page prices them (the quote has
 * the last word). A vignette whose category is no longer sold, or has no price for its year, is left out.
 */
export async function sameAgainCart(vignettes: SameAgainVignette[]): Promise<SameAgainCartItem[]> {
  if (!vignettes.length) return [];
  const { rate, findPrice } = await quotingCatalog();
  if (!rate) return [];
  const priced = await Promise.all(
    vignettes.map(async (vignette) => {
      // A yearly vignette runs to 31 January of the next year; its price is that of the year it starts.
      const year = isYearly(vignette.type)
        ? Number(vignette.lastDay.slice(0, 4)) - 1
        : Number(vignette.firstDay.slice(0, 4));
      const price = await findPrice(vignette.categoryCode, vignette.type, year);
      return price
        ? [{ ...vignette, priceHuf: price.priceHuf, priceRon: hufToBani(price.priceHuf, rate.ron2huf) }]
        : [];
    }),
  );
  return priced.flat();
}

/** The list's answer as the API gives it (`GET /api/my-orders`): amounts in bani. */
export const myOrdersAnswer = (email: string, list: MyOrder[]) => ({ email, orders: list });
