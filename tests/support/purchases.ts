import { DateTime } from 'luxon';
import { POST as postOrder } from '@/app/api/nmps/orders/order/route';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import type { Db } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { deliverSandboxNotifications, sandboxPay } from '@/lib/payments/sandbox/sandbox';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { eq } from 'drizzle-orm';
import { jsonRequest, noParams } from './process-database';

/** A day in Hungary, `offset` days from today. */
export const hungarianDay = (offset: number) =>
  DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: offset }).toISODate()!;

/** The provider's notifications reach the shop's handler in-process, as they would over HTTP. */
export const toNotifyHandler: typeof fetch = async (input, init) =>
  notify(new Request(String(input), init), noParams);

/**
 * A week's CAR vignette for each plate, ordered through the API as a buyer would, paid with the sandbox's accepted
 * card, and notified: the order's id. Its delivery is left to the caller.
 */
export async function paidVignetteOrder(
  db: Db,
  {
    plates,
    country = 'RO',
    email = 'driver@example.ro',
  }: { plates: string[]; country?: string; email?: string },
): Promise<string> {
  const response = await postOrder(
    jsonRequest('/api/nmps/orders/order', {
      body: {
        items: plates.map((plate) => ({
          categoryCode: 'CAR',
          type: 'WEEK',
          startDate: hungarianDay(1),
          plate,
          country,
        })),
        email,
        locale: 'ro',
        acceptTerms: true,
      },
    }),
    noParams,
  );
  if (response.status !== 201) throw new Error(`order refused: ${response.status} ${await response.text()}`);
  const { orderId } = (await response.json()) as { orderId: string };
  const [created] = await db.select().from(orders).where(eq(orders.id, orderId));
  await sandboxPay(db, {
    ntpId: created!.providerPaymentId!,
    cardNumber: '9900004810225098',
    cvv: '111',
    expiry: '12/30',
  });
  await deliverSandboxNotifications(db, toNotifyHandler);
  return orderId;
}
