import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { XSRF_HEADERS } from './xsrf';

/**
 * A buyer driving the shop through its HTTP API only, as the web client and the mobile app do: quote, order (with
 * an Idempotency-Key, retried after a lost answer), and the sandbox provider's card form. No browser.
 */
export interface PlacedOrder {
  orderId: string;
  status: string;
  paymentUrl: string | null;
}

const day = (offset: number) =>
  DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: offset }).toISODate()!;

/** A vignette order's body: one or two vignettes on a plate of its own. */
export function vignetteOrderBody(plate: string, email: string, vignettes = 1) {
  const items = [
    { categoryCode: 'CAR', type: 'WEEK', startDate: day(1), plate, country: 'RO' },
    { categoryCode: 'CAR', type: 'MONTH', startDate: day(2), plate, country: 'RO' },
  ].slice(0, vignettes);
  return { items, email, locale: 'ro', acceptTerms: true };
}

/** A plate no other order of the run has: `B` + two digits + three letters (never Q, never I or O first). */
export function uniquePlate(index: number): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const pick = (n: number) => letters[n % letters.length]!;
  return `B${String(10 + (index % 90))}${pick(Math.floor(index / 90))}${pick(Math.floor(index / 90 / 23))}${pick(index)}`;
}

/**
 * The headers of a buyer at `clientAddress` as a load balancer in front of the shop forwards them (the shop believes
 * them only with TRUSTED_PROXY_HOPS=1); none when no address is given.
 */
export const forwardedFor = (clientAddress?: string): Record<string, string> =>
  clientAddress ? { 'x-forwarded-for': clientAddress } : {};

export async function quote(
  shopUrl: string,
  body: ReturnType<typeof vignetteOrderBody>,
  clientAddress?: string,
): Promise<void> {
  const response = await fetch(`${shopUrl}/api/nmps/orders/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...XSRF_HEADERS, ...forwardedFor(clientAddress) },
    body: JSON.stringify({ items: body.items }),
  });
  if (response.status !== 200) throw new Error(`quote answered ${response.status}: ${await response.text()}`);
}

/** `POST /api/nmps/orders/order`; rejects when the connection dies before an answer (the server was killed). */
export async function placeOrder(
  shopUrl: string,
  body: ReturnType<typeof vignetteOrderBody>,
  idempotencyKey: string = randomUUID(),
  clientAddress?: string,
): Promise<PlacedOrder> {
  const response = await fetch(`${shopUrl}/api/nmps/orders/order`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey,
      ...XSRF_HEADERS,
      ...forwardedFor(clientAddress),
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`order answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as PlacedOrder;
}

export const ACCEPTED_CARD = '9900004810225098';
/** The sandbox's card declined for insufficient funds (lib/payment-provider/sandbox/sandbox.ts, TEST_CARDS). */
export const DECLINED_CARD = '9900518572831942';

/**
 * Pays on the sandbox's hosted card form of `paymentUrl`, posted to `shopUrl` (the form's own server, or another
 * server of the same shop); resolves with the status of the form's answer (303 to the shop's return address).
 */
export async function payOnSandboxForm(
  shopUrl: string,
  paymentUrl: string,
  card = ACCEPTED_CARD,
): Promise<number> {
  const ntpId = new URL(paymentUrl).pathname.split('/').pop()!;
  const response = await fetch(`${shopUrl}/api/payments/sandbox/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ntpId, cardNumber: card, cvv: '111', expiry: '12/30' }),
    redirect: 'manual',
  });
  return response.status;
}

/** Polls `check` every 250 ms until it returns true; throws `describe()` when time runs out. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  describe: () => Promise<string> | string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out: ${await describe()}`);
}
