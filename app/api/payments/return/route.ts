import { apiHandler } from '@/lib/api/handler';
import { seeOther } from '@/lib/api/redirect';
import { getDb } from '@/lib/db/client';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { routing } from '@/lib/i18n/routing';
import { orderChangeOrTimeout } from '@/lib/orders/order-events';
import { findOrder } from '@/lib/orders/orders';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';

export const dynamic = 'force-dynamic';

const WAIT_FOR_NOTIFICATION_MS = 4_000;
/** A notification handled by another server is only seen by reading again: once a second at most. */
const READ_AGAIN_MS = 1_000;

/** The order, once its notification arrived or the wait is over. */
async function settledOrder(orderId: string) {
  const db = await getDb();
  let order = await findOrder(db, orderId);
  const deadline = Date.now() + WAIT_FOR_NOTIFICATION_MS;
  while (order?.status === 'PENDING_PAYMENT' && Date.now() < deadline) {
    await orderChangeOrTimeout(orderId, Math.min(READ_AGAIN_MS, deadline - Date.now()));
    order = await findOrder(db, orderId);
  }
  return order;
}

/**
 * Where the provider sends the buyer back. It only reads the order's state (docs/architecture.md, The order's journey:
 * the return never marks an order paid), waiting a moment for the notification that usually arrives alongside (woken at
 * once when this server applies it), then shows the outcome: paid, the success page with the order; the form expired,
 * the timeout page; declined or anything else, the order's page, which says why and offers to pay again. The e-mail
 * never travels in the address (browser histories, proxies' logs, Referer headers): the pages read it, masked, from
 * the order. The redirects are relative, so the buyer stays on the host name they came back to.
 */
export const GET = apiHandler(async (request) => {
  const orderId = new URL(request.url).searchParams.get('orderId') ?? '';
  let order;
  try {
    await enforceRateLimit(request, RATE_LIMITS.paymentReturn);
    order = await settledOrder(orderId);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // A buyer's browser, not an API client: the order page, which says in their language to try again (its
    // language is stored with the order, out of reach now), and shows the outcome once the database is back.
    return seeOther(`/${routing.defaultLocale}/order/${encodeURIComponent(orderId)}`);
  }
  if (!order) return seeOther(`/${routing.defaultLocale}/404`);
  const id = encodeURIComponent(order.id);
  return seeOther(
    order.status === 'PAID' || order.status === 'FULFILLED'
      ? `/${order.locale}/payment/successful?orderId=${id}`
      : order.status === 'EXPIRED'
        ? `/${order.locale}/payment/timeout?orderId=${id}`
        : `/${order.locale}/order/${id}`,
  );
});
