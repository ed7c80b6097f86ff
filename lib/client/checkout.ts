import { clearCart, randomId } from '@/lib/cart/cart-store';
import { PAID_STATUSES, type OrderStatus } from '@/lib/orders/status';
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

/** The sessionStorage keys of the shop's checkouts (vignettes, top-ups): see {@link settleCheckout}. */
export const CHECKOUT_STORAGE_KEYS = { vignette: 'vignetteCheckout', topUp: 'topUpCheckout' } as const;

interface SavedCheckout {
  print?: string;
  key?: string;
  /** The order the key made, once it answered. */
  orderId?: string;
}

function readCheckout(storageKey: string): SavedCheckout | null {
  try {
    return JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as SavedCheckout | null;
  } catch {
    return null;
  }
}

function saveCheckout(storageKey: string, saved: SavedCheckout) {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(saved));
  } catch {
    // storage refused: the key lives for this call only
  }
}

/**
 * The Idempotency-Key of a checkout: the same for the same order body, in this tab, until its order is settled, so a
 * double click, a retry after a lost answer, a reload, or Back from the provider's form and Pay again with the cart
 * unchanged all lead to one order (and to its payment form, still open); a changed body is a new checkout.
 */
function idempotencyKeyFor(storageKey: string, body: string): string {
  const print = fingerprint(body);
  const saved = readCheckout(storageKey);
  if (saved?.print === print && saved.key) return saved.key;
  const key = randomId();
  saveCheckout(storageKey, { print, key });
  return key;
}

/** Forgets this tab's checkout of an order the shop does not know (any more); the cart stays. */
function forgetCheckout(orderId: string) {
  for (const storageKey of Object.values(CHECKOUT_STORAGE_KEYS)) {
    if (readCheckout(storageKey)?.orderId !== orderId) continue;
    try {
      sessionStorage.removeItem(storageKey);
    } catch {
      // nothing to forget
    }
  }
}

/**
 * Sends an order with this checkout's Idempotency-Key and takes the browser to the provider's payment form. The cart
 * stays as it is until the order is paid (settleCheckout): Back from the form finds it intact. The overlay covers the
 * page until the browser has left; on failure it is lifted and the error is the caller's.
 */
export async function checkOut(
  storageKey: string,
  body: unknown,
  send: (idempotencyKey: string) => Promise<OrderResponse>,
  { onBack }: { onBack?: () => void } = {},
): Promise<void> {
  const key = idempotencyKeyFor(storageKey, JSON.stringify(body));
  const hideOverlay = loading.showOverlay();
  // Back from the payment form, a page restored from the back-forward cache must not stay behind the overlay, and
  // its Pay button must work again (`onBack`): the page is as the buyer left it, mid-checkout.
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    window.removeEventListener('pageshow', onPageShow);
    hideOverlay();
    onBack?.();
  };
  window.addEventListener('pageshow', onPageShow);
  try {
    const order = await send(key);
    saveCheckout(storageKey, { ...readCheckout(storageKey), orderId: order.orderId });
    window.location.assign(order.paymentUrl);
  } catch (error) {
    window.removeEventListener('pageshow', onPageShow);
    hideOverlay();
    throw error;
  }
}

/**
 * The order this tab's checkout made and that is not settled yet (the buyer came back from the provider's form
 * without paying), or null: the checkout offers to continue its payment.
 */
export const pendingCheckoutOrder = (storageKey: string): string | null =>
  readCheckout(storageKey)?.orderId ?? null;

/**
 * What the pages after the payment do with this tab's checkout of the order. Paid: its vignettes leave the cart (they
 * must never be paid twice) and the checkout is over. Not paid (declined, expired): the cart stays for the buyer to
 * change, the order stays known (the cart's page offers to pay it again, and once it is paid the cart is emptied), and
 * a new Pay makes a new order, with a new key. Another order's checkout, or none, is left alone.
 */
export function settleCheckout(orderId: string, paid: boolean) {
  for (const storageKey of Object.values(CHECKOUT_STORAGE_KEYS)) {
    if (readCheckout(storageKey)?.orderId !== orderId) continue;
    if (!paid) {
      saveCheckout(storageKey, { orderId });
      continue;
    }
    try {
      sessionStorage.removeItem(storageKey);
    } catch {
      // nothing to forget
    }
    if (storageKey === CHECKOUT_STORAGE_KEYS.vignette) clearCart();
  }
}

/** What the shop says of a checkout's order: paid (whatever came after), not paid, or not known (no answer). */
export type CheckoutOrderState = 'paid' | 'unpaid' | 'unknown';

/**
 * The real state of this tab's pending checkout's order, asked of the shop (`GET /api/orders/{id}`) before a page
 * offers to continue its payment: the payment may have been finished where this tab cannot see it (3-D Secure
 * returning to another host name, another tab). A paid order settles the checkout here too (its cart is emptied);
 * an order the shop does not know is forgotten.
 */
export async function checkPendingCheckout(
  orderId: string,
  readStatus: (orderId: string) => Promise<OrderStatus | null>,
): Promise<CheckoutOrderState> {
  let status: OrderStatus | null;
  try {
    status = await readStatus(orderId);
  } catch {
    return 'unknown';
  }
  if (status === null) {
    forgetCheckout(orderId);
    return 'unknown';
  }
  if (!PAID_STATUSES.includes(status)) return 'unpaid';
  settleCheckout(orderId, true);
  return 'paid';
}
