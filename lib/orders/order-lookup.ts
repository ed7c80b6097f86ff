import { locales, type Locale } from '@/lib/i18n/routing';
import { PEER_ADDRESS_HEADER, PEER_FOR_HEADER } from '@/lib/security/peer-address';
import { isOrderId } from '@/lib/db/order-id';

/*
 * What proxy.ts learns about an order page's address before the page renders
 * (docs/decisions/0018-unknown-order-answered-404-by-the-proxy.md): Next sends a dynamic page's status with its first
 * bytes, before the page has read its order, so an order that does not exist must be known before that to answer 404
 * with the shop's not-found page. Framework-free and without the database: the proxy is bundled apart and may not
 * open one, so it asks the shop's own API over loopback.
 */

/**
 * The request header by which the proxy tells the order page that its look-up found the database away: the page shows
 * the error page at once instead of waiting for the database a second time. Set only by the proxy, which removes any
 * the client sent.
 */
export const ORDER_LOOKUP_HEADER = 'x-order-lookup';

/**
 * - `missing`: no such order (an id that cannot be one, or no row): the proxy answers with the not-found page;
 * - `found`: the page renders it;
 * - `unavailable`: the database is away (the API answered 503);
 * - `limited`: the visitor's address has used up its order reads (429): the proxy answers 429 too;
 * - `unknown`: no clear answer (a timeout, another failure): the page reads the order and decides by itself.
 */
export type OrderLookup = 'missing' | 'found' | 'unavailable' | 'limited' | 'unknown';

/** The wait the proxy asks of a visitor whose order reads ran out (the API's own answer says it exactly). */
export const LIMITED_RETRY_AFTER_SECONDS = 5;

/**
 * Longer than any single wait for the database (1.5 s, lib/db/client.ts), so that the API's 503 is heard rather than
 * cut short; only a server that does not answer itself at all reaches it.
 */
export const ORDER_LOOKUP_TIMEOUT_MS = 3_000;

const ORDER_PAGE = new RegExp(`^/(${locales.join('|')})/order/([^/]+)/?$`);

/** The language and the id, still percent-encoded as typed, of an order page's address; null for any other. */
export function orderPageAddress(pathname: string): { locale: Locale; encodedId: string } | null {
  const match = ORDER_PAGE.exec(pathname);
  return match ? { locale: match[1] as Locale, encodedId: match[2]! } : null;
}

/**
 * Whether the order of an order page's address exists. An id that cannot be one is answered without any request;
 * another is looked up with `HEAD /api/orders/{id}` at `origin` (this server's loopback address), on behalf of the
 * page's visitor: `client` is the page request's headers, whose peer stamp and `X-Forwarded-For` go along, so that
 * the API counts the look-up against the visitor's order reads (lib/api/request.ts), once per page, and never
 * against the server's own loopback address.
 */
export async function lookUpOrder(
  encodedId: string,
  {
    origin,
    client,
    timeoutMs = ORDER_LOOKUP_TIMEOUT_MS,
  }: { origin: string; client?: Headers; timeoutMs?: number },
): Promise<OrderLookup> {
  let id: string;
  try {
    id = decodeURIComponent(encodedId);
  } catch {
    return 'missing';
  }
  if (!isOrderId(id)) return 'missing';
  try {
    // The id is URL-safe base64 (isOrderId): it goes into the address as it is.
    const headers = new Headers();
    const stamp = client?.get(PEER_ADDRESS_HEADER);
    const forwardedFor = client?.get('x-forwarded-for');
    if (stamp) headers.set(PEER_FOR_HEADER, stamp);
    if (forwardedFor) headers.set('x-forwarded-for', forwardedFor);
    const response = await fetch(`${origin}/api/orders/${id}`, {
      method: 'HEAD',
      cache: 'no-store',
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) return 'missing';
    if (response.ok) return 'found';
    if (response.status === 429) return 'limited';
    return response.status === 503 ? 'unavailable' : 'unknown';
  } catch {
    return 'unknown';
  }
}
