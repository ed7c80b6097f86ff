'use client';

import { useSyncExternalStore } from 'react';
import { CHECKOUT_STORAGE_KEYS, pendingCheckoutOrder } from '@/lib/client/checkout';
import type { ClientTexts } from '@/lib/i18n/client-texts';
import { PayAgainButton, payAgainTexts } from './pay-again-button';

const subscribe = (onChange: () => void) => {
  window.addEventListener('pageshow', onChange);
  return () => window.removeEventListener('pageshow', onChange);
};

/**
 * Back from the provider's card form, the cart is as it was and its order waits: "Continue the payment" goes back to
 * that order's form (still open) or, if it was declined or expired meanwhile, to a new one for the same order, without
 * filling anything in again. Changing the cart and paying makes a new order instead.
 */
export function PendingCheckout({
  checkout,
  texts,
}: {
  checkout: keyof typeof CHECKOUT_STORAGE_KEYS;
  texts: ClientTexts<'PayAgain'>;
}) {
  const storageKey = CHECKOUT_STORAGE_KEYS[checkout];
  const orderId = useSyncExternalStore(
    subscribe,
    () => pendingCheckoutOrder(storageKey),
    () => null,
  );
  if (!orderId) return null;
  return (
    <div className="mb-4 rounded-lg border border-sky-300 bg-sky-50 p-4" data-testid="pending-checkout">
      <p className="text-slate-900">{texts.pending.replace('{orderId}', orderId)}</p>
      <PayAgainButton orderId={orderId} texts={payAgainTexts(texts, 'continue')} />
    </div>
  );
}
