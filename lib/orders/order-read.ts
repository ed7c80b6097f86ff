import 'server-only';

import { asc, eq, or, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import {
  creditNotes,
  invoices,
  orderItems,
  topUpOperators,
  topUpProducts,
  vignetteCategories,
} from '@/lib/db/schema';
import { findOrder, type OrderItemRow, type OrderRow } from './orders';
import type { Executor } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';

/**
 * An item of an order with what describes it: its category's title for a vignette, the product bought and its
 * operator for a top-up (on sale or not: what an order bought stays describable after the product is withdrawn).
 * `topUp` is there exactly when the item is a top-up: the foreign keys hold its product and the product's operator.
 */
export interface LoadedItem {
  item: OrderItemRow;
  categoryTitle: string | null;
  topUp?: { product: typeof topUpProducts.$inferSelect; operator: typeof topUpOperators.$inferSelect };
}

/** The vignette an item stands for, in the API's names: its period, county, vehicle and days of validity. */
export function vignetteOf(item: OrderItemRow) {
  return {
    type: item.vignetteType,
    county: item.county,
    plate: item.plate,
    country: item.country,
    firstDay: item.firstDay,
    lastDay: item.lastDay,
  };
}

export type VignetteOf = ReturnType<typeof vignetteOf>;

/** An order as its readers get it: the buyer's page and API, staff, the invoice and the e-mail each shape it their way. */
export interface LoadedOrder {
  order: OrderRow;
  items: LoadedItem[];
}

/** The items of an order in their order, each with what describes it, in one query. */
export async function loadOrderItems(executor: Executor, orderId: string): Promise<LoadedItem[]> {
  const rows = await preparedStatement(executor, 'order_items_loaded', (on) =>
    on
      .select({
        item: orderItems,
        categoryTitle: vignetteCategories.title,
        product: topUpProducts,
        operator: topUpOperators,
      })
      .from(orderItems)
      .leftJoin(vignetteCategories, eq(vignetteCategories.code, orderItems.categoryCode))
      .leftJoin(topUpProducts, eq(topUpProducts.id, orderItems.topUpProductId))
      .leftJoin(topUpOperators, eq(topUpOperators.id, topUpProducts.operatorId))
      .where(eq(orderItems.orderId, sql.placeholder('orderId')))
      .orderBy(asc(orderItems.position))
      .prepare('order_items_loaded'),
  ).execute({ orderId });
  return rows.map(({ item, categoryTitle, product, operator }) =>
    product && operator ? { item, categoryTitle, topUp: { product, operator } } : { item, categoryTitle },
  );
}

/** The order with its items; undefined when there is none, and without a query for an id that cannot be one. */
export async function loadOrder(executor: Executor, orderId: string): Promise<LoadedOrder | undefined> {
  const order = await findOrder(executor, orderId);
  if (!order) return undefined;
  return { order, items: await loadOrderItems(executor, orderId) };
}

/** {@link loadOrder} for a route handler: no such order is its 404 answer. */
export async function getOrderOrThrow(executor: Executor, orderId: string): Promise<LoadedOrder> {
  const loaded = await loadOrder(executor, orderId);
  if (!loaded) throw new ApiError('NOT_FOUND', 'No such order');
  return loaded;
}

/**
 * An order with its items and its documents, as its e-mails need it: its invoices (the current one and those a
 * correction replaced) and its credit notes, each in the order they were issued.
 */
export interface OrderWithDocuments extends LoadedOrder {
  invoices: (typeof invoices.$inferSelect)[];
  creditNotes: (typeof creditNotes.$inferSelect)[];
}

/** {@link loadOrder} with the order's documents; undefined when there is no such order. */
export async function loadOrderWithDocuments(
  executor: Executor,
  orderId: string,
): Promise<OrderWithDocuments | undefined> {
  const loaded = await loadOrder(executor, orderId);
  if (!loaded) return undefined;
  const [invoiceRows, creditNoteRows] = await Promise.all([
    executor
      .select()
      .from(invoices)
      .where(or(eq(invoices.orderId, orderId), eq(invoices.replacedOrderId, orderId)))
      .orderBy(asc(invoices.id)),
    executor.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.id)),
  ]);
  return { ...loaded, invoices: invoiceRows, creditNotes: creditNoteRows };
}

/** The order's current invoice (the one no correction replaced), if it has one. */
export const currentInvoiceOf = (read: OrderWithDocuments) =>
  read.invoices.find((invoice) => invoice.orderId === read.order.id);
