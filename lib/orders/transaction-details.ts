import 'server-only';

import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { invoices, orderEvents, topUpOperators, topUpProducts } from '@/lib/db/schema';
import { formatInvoiceNumber } from '@/lib/invoices/invoice-pdf';
import { findOrder, findOrderItems } from './orders';

/** A PIN shown to staff: enough to match what a buyer reads out, not enough to redeem it. */
const maskPin = (pin: string) => `${'•'.repeat(Math.max(pin.length - 4, 0))}${pin.slice(-4)}`;

/**
 * Everything staff need about one transaction (spec §7 `.../transaction/details`): the order, its items with the
 * providers' references, its invoice and the full history of its state changes. Null when there is no such order
 * of that kind.
 */
export async function transactionDetails(db: Db, orderId: string, kind: 'VIGNETTE' | 'TOPUP') {
  const order = await findOrder(db, orderId);
  if (!order || order.kind !== kind) return null;
  const [items, events, [invoice]] = await Promise.all([
    findOrderItems(db, orderId),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    db.select().from(invoices).where(eq(invoices.orderId, orderId)),
  ]);
  const productIds = items.flatMap(({ item }) => (item.topUpProductId ? [item.topUpProductId] : []));
  const products = productIds.length
    ? await db
        .select({ product: topUpProducts, operator: topUpOperators })
        .from(topUpProducts)
        .innerJoin(topUpOperators, eq(topUpOperators.id, topUpProducts.operatorId))
        .where(inArray(topUpProducts.id, productIds))
    : [];
  return {
    id: order.id,
    kind: order.kind,
    status: order.status,
    email: order.email,
    phone: order.phone,
    locale: order.locale,
    amountRon: order.amountBani,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    providerPaymentId: order.providerPaymentId,
    needsReview: order.needsReview,
    active: order.active,
    activeBy: order.activeBy,
    activeAt: order.activeAt?.toISOString() ?? null,
    invoiceNumber: invoice ? formatInvoiceNumber(invoice.series, invoice.year, invoice.number) : null,
    items: items.map(({ item, categoryTitle }) => {
      const delivered = {
        reference: item.issuedId,
        attempts: item.issueAttempts,
        lastError: item.issueError,
      };
      if (kind === 'VIGNETTE') {
        return {
          categoryCode: item.categoryCode,
          categoryTitle,
          type: item.vignetteType,
          county: item.county,
          plate: item.plate,
          country: item.country,
          firstDay: item.firstDay,
          lastDay: item.lastDay,
          priceHuf: item.priceHuf,
          priceRon: item.priceBani,
          ...delivered,
        };
      }
      const bought = products.find((entry) => entry.product.id === item.topUpProductId);
      return {
        operatorId: bought?.operator.id,
        operator: bought ? `${bought.operator.name} ${bought.operator.plan}` : undefined,
        productId: item.topUpProductId,
        faceValue: bought ? bought.product.faceValueCents / 100 : undefined,
        currency: 'EUR',
        delivery: bought?.product.delivery,
        phone: item.phone,
        priceRon: item.priceBani,
        ...delivered,
        pin: item.deliveredPin ? maskPin(item.deliveredPin) : null,
      };
    }),
    events: events.map((event) => ({
      from: event.fromStatus,
      to: event.toStatus,
      reason: event.reason,
      actor: event.actor,
      at: event.createdAt.toISOString(),
    })),
  };
}
