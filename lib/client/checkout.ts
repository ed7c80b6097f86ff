import { randomId } from '@/lib/cart/cart-store';
import type { OrderResponse } from './api';
import { loading } from './loading';

/** FNV-1a: a short fingerprint of the order body, so that sessionStorage keeps no personal data. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length}:${(hash >>> 0).toString(16)}`;
}

/**
 * The Idempotency-Key of a checkout: the same for the same order body, in this tab, until the order is created, so a
 * double click, a retry after a lost answer or a reload sends one order; a changed body is a new checkout.
 */
function idempotencyKeyFor(storageKey: string, body: string): string {
  const print = fingerprint(body);
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as {
      print?: string;
      key?: string;
    } | null;
    if (saved?.print === print && saved.key) return saved.key;
  } catch {
    // no saved checkout
  }
  const key = randomId();
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({ print, key }));
  } catch {
    // storage refused: the key lives for this call only
  }
  return key;
}

/** The order exists: the next checkout is a new one. */
function forgetCheckout(storageKey: string) {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // nothing to forget
  }
}

/**
 * Sends an order with this checkout's Idempotency-Key and takes the browser to the provider's payment form. The
 * overlay covers the page until the browser has left; on failure it is lifted and the error is the caller's.
 */
export async function checkOut(
  storageKey: string,
  body: unknown,
  send: (idempotencyKey: string) => Promise<OrderResponse>,
  { onCreated }: { onCreated?: () => void } = {},
): Promise<void> {
  const key = idempotencyKeyFor(storageKey, JSON.stringify(body));
  const hideOverlay = loading.showOverlay();
  // Back from the payment form, a page restored from the back-forward cache must not stay behind the overlay.
  const onPageShow = (event: PageTransitionEvent) => event.persisted && hideOverlay();
  window.addEventListener('pageshow', onPageShow, { once: true });
  try {
    const order = await send(key);
    forgetCheckout(storageKey);
    onCreated?.();
    window.location.assign(order.paymentUrl);
  } catch (error) {
    window.removeEventListener('pageshow', onPageShow);
    hideOverlay();
    throw error;
  }
}
