import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { getConfig } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { routing } from '@/lib/i18n/routing';
import { findOrder } from '@/lib/orders/orders';

export const dynamic = 'force-dynamic';

const WAIT_FOR_NOTIFICATION_MS = 4_000;

/** The order, once its notification arrived or the wait is over. */
async function settledOrder(orderId: string) {
  const db = await getDb();
  let order = await findOrder(db, orderId);
  const deadline = Date.now() + WAIT_FOR_NOTIFICATION_MS;
  while (order?.status === 'PENDING_PAYMENT' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    order = await findOrder(db, orderId);
  }
  return order;
}

/**
 * Where the provider sends the buyer back. It only reads the order's state (DESIGN.md §6: the return never marks
 * an order paid), waiting a moment for the notification that usually arrives alongside, then shows the outcome.
 */
export const GET = apiHandler(async (request) => {
  const orderId = new URL(request.url).searchParams.get('orderId') ?? '';
  const base = getConfig().siteUrl;
  let order;
  try {
    order = await settledOrder(orderId);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // A buyer's browser, not an API client: the order page, which says in their language to try again (its
    // language is stored with the order, out of reach now), and shows the outcome once the database is back.
    return NextResponse.redirect(
      `${base}/${routing.defaultLocale}/order/${encodeURIComponent(orderId)}`,
      303,
    );
  }
  if (!order) return NextResponse.redirect(`${base}/${routing.defaultLocale}/404`, 303);
  const email = encodeURIComponent(order.email);
  const target =
    order.status === 'PAID' || order.status === 'FULFILLED'
      ? `/${order.locale}/payment/successful?email=${email}`
      : order.status === 'EXPIRED'
        ? `/${order.locale}/payment/timeout?email=${email}`
        : `/${order.locale}/order/${order.id}`;
  return NextResponse.redirect(`${base}${target}`, 303);
});
