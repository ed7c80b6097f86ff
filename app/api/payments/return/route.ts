import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { getConfig } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { routing } from '@/lib/i18n/routing';
import { findOrder } from '@/lib/orders/orders';

export const dynamic = 'force-dynamic';

const WAIT_FOR_NOTIFICATION_MS = 4_000;

/**
 * Where the provider sends the buyer back. It only reads the order's state (DESIGN.md §6: the return never marks
 * an order paid), waiting a moment for the notification that usually arrives alongside, then shows the outcome.
 */
export const GET = apiHandler(async (request) => {
  const orderId = new URL(request.url).searchParams.get('orderId') ?? '';
  const db = await getDb();
  let order = await findOrder(db, orderId);
  const deadline = Date.now() + WAIT_FOR_NOTIFICATION_MS;
  while (order?.status === 'PENDING_PAYMENT' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    order = await findOrder(db, orderId);
  }
  const base = getConfig().siteUrl;
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
