import { and, eq } from 'drizzle-orm';
import { GET as shopStatusRoute } from '@/app/api/admin/shop-status/route';
import type { ShopStatus } from '@/lib/admin/shop-status';
import type { Db } from '@/lib/db/client';
import { orders, outbox } from '@/lib/db/schema';
import type { Mailer } from '@/lib/mail/mailer';
import { NEEDS_ATTENTION } from '@/lib/orders/attention';
import { jsonRequest, noParams } from './process-database';

/*
 * What the dead-letter tests (an e-mail, a delivery, an e-Factura upload given up after every retry) look at: the
 * order's "needs attention", its staff alerts, the back-office's shop status, and a staff action's route.
 */

/** A mail server that refuses everything, as one down for hours does. */
export const refusingMailer: Mailer = {
  send: () => Promise.reject(new Error('421 4.3.2 Service not available')),
  close: () => Promise.resolve(),
};

/** Whether the order is among the transactions screen's "needs attention". */
export const needsAttention = async (db: Db, orderId: string) =>
  (
    await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), NEEDS_ATTENTION))
  ).length > 0;

/** The order's outbox rows, and of them the staff alerts. */
export const outboxOf = (db: Db, orderId: string) =>
  db.select().from(outbox).where(eq(outbox.orderId, orderId));
export const staffAlertsOf = async (db: Db, orderId: string) =>
  (await outboxOf(db, orderId)).filter((row) => row.kind === 'STAFF_ALERT');

/** `GET /api/admin/shop-status` as a signed-in member of staff reads it: the banner's counts. */
export const shopStatusAs = async (token: string): Promise<ShopStatus> =>
  (await (
    await shopStatusRoute(
      new Request('http://localhost/api/admin/shop-status', {
        headers: { authorization: `Bearer ${token}` },
      }),
      noParams,
    )
  ).json()) as ShopStatus;

type PostRoute = (request: Request, context: typeof noParams) => Promise<Response>;

/** A staff action's `POST` with its JSON body, as the back-office sends it. */
export const postAsStaff = (route: PostRoute, url: string, token: string, body: unknown) =>
  route(jsonRequest(url, { method: 'POST', body, headers: { authorization: `Bearer ${token}` } }), noParams);
