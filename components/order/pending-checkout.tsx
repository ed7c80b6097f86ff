'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { apiOnDemand } from '@/lib/client/api-on-demand';
import { isApiRequestError } from '@/lib/client/api-error';
import {
  checkPendingCheckout,
  CHECKOUT_STORAGE_KEYS,
  pendingCheckoutOrder,
  type CheckoutOrderState,
} from '@/lib/client/checkout';
import type { ClientTexts } from '@/lib/i18n/client-texts';
import type { Locale } from '@/lib/i18n/routing';
import type { OrderStatus } from '@/lib/orders/status';
import { PayAgainButton, payAgainTexts } from './pay-again-button';
import { pendingCheckoutTextsUrl, type PENDING_CHECKOUT_TEXT_KEYS } from './pending-checkout-texts';

type PendingCheckoutTexts = Pick<ClientTexts<'PayAgain'>, (typeof PENDING_CHECKOUT_TEXT_KEYS)[number]>;

/** One language's texts, fetched once per page (again after a failure). */
const textsByLocale = new Map<Locale, Promise<PendingCheckoutTexts>>();
function fetchTexts(locale: Locale): Promise<PendingCheckoutTexts> {
  let texts = textsByLocale.get(locale);
  if (!texts) {
    texts = fetch(pendingCheckoutTextsUrl(locale)).then((response) => {
      if (!response.ok) throw new Error(`pending checkout texts: ${response.status}`);
      return response.json() as Promise<PendingCheckoutTexts>;
    });
    texts.catch(() => textsByLocale.delete(locale));
    textsByLocale.set(locale, texts);
  }
  return texts;
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('pageshow', onChange);
  return () => window.removeEventListener('pageshow', onChange);
};

/** The order's status and short reference from `GET /api/orders/{id}`; null when the shop does not know it. */
async function readOrder(orderId: string): Promise<{ status: OrderStatus; reference: string | null } | null> {
  const { api } = await apiOnDemand();
  try {
    return await api
      .get(`/api/orders/${encodeURIComponent(orderId)}`, { retry: 0 })
      .json<{ status: OrderStatus; reference: string | null }>();
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * Back from the provider's card form, the cart is as it was and its order waits: "Continue the payment" goes back to
 * that order's form (still open) or, if it was declined or expired meanwhile, to a new one for the same order, without
 * filling anything in again. Changing the cart and paying makes a new order instead. The order's real state is asked
 * first, each time the page is shown: one paid where this tab could not see it (3-D Secure returning to another host
 * name) empties the cart and offers nothing.
 */
export function PendingCheckout({
  checkout,
  texts: given,
  locale,
}: {
  checkout: keyof typeof CHECKOUT_STORAGE_KEYS;
} & (
  | { texts: PendingCheckoutTexts; locale?: undefined }
  // Seldom shown, and never before the shop has answered about the order: its texts are fetched with that answer
  // rather than sent with every purchase page (a few hundred bytes of its first round trip, decision 0029).
  | { texts?: undefined; locale: Locale }
)) {
  const storageKey = CHECKOUT_STORAGE_KEYS[checkout];
  const orderId = useSyncExternalStore(
    subscribe,
    () => pendingCheckoutOrder(storageKey),
    () => null,
  );
  // The answer for the order last asked about, and each showing of the page (a page restored by Back) asks again.
  const [checked, setChecked] = useState<{
    orderId: string;
    shown: number;
    state: CheckoutOrderState;
    /** The order's short reference, read out on the phone more easily than its id (older orders have none). */
    reference: string | null;
    /** Without them (no connection) there is nothing to say; the page says it again once shown anew. */
    texts: PendingCheckoutTexts | null;
  }>();
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setShown((count) => count + 1);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  useEffect(() => {
    if (!orderId) return;
    let current = true;
    let reference: string | null = null;
    const readStatus = async (id: string) => {
      const order = await readOrder(id);
      reference = order?.reference ?? null;
      return order?.status ?? null;
    };
    void Promise.all([
      checkPendingCheckout(orderId, readStatus),
      given ?? fetchTexts(locale!).catch(() => null),
    ]).then(([state, texts]) => {
      if (current) setChecked({ orderId, shown, state, reference, texts });
    });
    return () => {
      current = false;
    };
  }, [orderId, shown, given, locale]);
  // Nothing is offered until the shop has answered; without an answer, the offer stands (paying again refuses a
  // paid order, in words).
  if (!orderId || checked?.orderId !== orderId || checked.shown !== shown || checked.state === 'paid')
    return null;
  const texts = checked.texts;
  if (!texts) return null;
  return (
    <div className="mb-4 rounded-lg border border-sky-300 bg-sky-50 p-4" data-testid="pending-checkout">
      <p className="text-slate-900">{texts.pending.replace('{orderId}', checked.reference ?? orderId)}</p>
      <PayAgainButton orderId={orderId} texts={payAgainTexts(texts, 'continue')} />
    </div>
  );
}
