import { DateTime } from 'luxon';
import { POST as postTopUpOrder } from '@/app/api/eps/order/route';
import { GET as getOrder } from '@/app/api/orders/[orderId]/route';
import { POST as postPayAgain } from '@/app/api/orders/[orderId]/payment/route';
import { POST as postOrder } from '@/app/api/nmps/orders/order/route';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import type { Db } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { deliverSandboxNotifications, sandboxPay } from '@/lib/payment-provider/sandbox/sandbox';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { eq } from 'drizzle-orm';
import { jsonRequest, noParams } from './process-database';

/** A day in Hungary, `offset` days from today. */
export const hungarianDay = (offset: number) =>
  DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: offset }).toISODate()!;

/** The provider's notifications reach the shop's handler in-process, as they would over HTTP. */
export const toNotifyHandler: typeof fetch = async (input, init) =>
  notify(new Request(String(input), init), noParams);

/** The sandbox's test cards the tests pay with (lib/payment-provider/sandbox/sandbox.ts, TEST_CARDS). */
export const CARDS = {
  accepted: '9900004810225098',
  insufficientFunds: '9900518572831942',
  threeDSecure: '9900009184214768',
} as const;

/** A week's CAR vignette for each plate, ordered through the API as a buyer would: the order's id, not paid yet. */
/** The checkout's `POST /api/nmps/orders/order` for a week's car vignette per plate, from tomorrow. */
export const vignetteOrderRequest = (
  {
    plates,
    country = 'RO',
    email = 'driver@example.ro',
  }: { plates: string[]; country?: string; email?: string },
  headers: Record<string, string> = {},
) =>
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
    headers,
  });

export async function placeVignetteOrder(
  order: { plates: string[]; country?: string; email?: string },
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<string> {
  const response = await postOrder(
    vignetteOrderRequest(order, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    noParams,
  );
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`order refused: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { orderId: string }).orderId;
}

/** Pays the order's current payment form with a test card, and delivers the sandbox's notifications. */
export async function payOrder(db: Db, orderId: string, cardNumber: string = CARDS.accepted) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const result = await sandboxPay(db, {
    ntpId: order!.providerPaymentId!,
    cardNumber,
    cvv: '111',
    expiry: '12/30',
  });
  await deliverSandboxNotifications(db, toNotifyHandler);
  return result;
}

/**
 * A week's CAR vignette for each plate, ordered through the API as a buyer would, paid with the sandbox's accepted
 * card, and notified: the order's id. Its delivery is left to the caller.
 */
export async function paidVignetteOrder(
  db: Db,
  options: { plates: string[]; country?: string; email?: string },
): Promise<string> {
  const orderId = await placeVignetteOrder(options);
  await payOrder(db, orderId);
  return orderId;
}

/** A top-up ordered through the API as a buyer would (`0722 123 456`-style numbers are fine): the order's id. */
export async function placeTopUpOrder({
  operatorId,
  productId,
  phone,
  email = 'buyer@example.ro',
  locale = 'ro',
}: {
  operatorId: string;
  productId: string;
  phone: string;
  email?: string;
  locale?: string;
}): Promise<string> {
  const response = await postTopUpOrder(
    jsonRequest('/api/eps/order', {
      body: { operatorId, productId, phone, email, locale, acceptTerms: true },
    }),
    noParams,
  );
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`top-up order refused: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { orderId: string }).orderId;
}

/** A top-up ordered, paid with the sandbox's accepted card and notified: the order's id. Delivery is the caller's. */
export async function paidTopUpOrder(
  db: Db,
  options: Parameters<typeof placeTopUpOrder>[0],
): Promise<string> {
  const orderId = await placeTopUpOrder(options);
  await payOrder(db, orderId);
  return orderId;
}

const orderParams = (orderId: string) => ({ params: Promise.resolve({ orderId }) });

/** The buyer's "pay again" (or "pay now") of an order, through its route. */
export const payOrderAgain = (orderId: string) =>
  postPayAgain(jsonRequest(`/api/orders/${orderId}/payment`, { method: 'POST' }), orderParams(orderId));

/** The order as its buyer reads it, `GET /api/orders/{orderId}`. */
export const buyerOrderView = async (orderId: string) =>
  (await getOrder(jsonRequest(`/api/orders/${orderId}`), orderParams(orderId))).json();
