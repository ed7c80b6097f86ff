'use client';

import { useState } from 'react';
import { addToCart, clearCart, type CartItem } from '@/lib/cart/cart-store';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * "Start again with the same vignettes": an order that can no longer be paid puts its vignettes, quoted at today's
 * prices and days (lib/orders/start-again.ts), into this tab's cart in place of what it held, and goes to the
 * purchase page, where the buyer checks them and pays a new order. Opened from the e-mail's link in another browser,
 * the cart there was empty: this is how the buyer gets their choice back without typing it again.
 */
export function StartAgainButton({
  items,
  href,
  label,
  hint,
}: {
  items: CartItem[];
  href: string;
  label: string;
  hint: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const startAgain = () => {
    setBusy(true);
    clearCart();
    for (const item of items) addToCart(item);
    router.push(href);
  };
  return (
    <div className="mt-4">
      <button
        type="button"
        onClick={startAgain}
        disabled={busy}
        data-testid="start-again"
        className="bg-brand hover:bg-brand-dark inline-flex min-h-11 items-center rounded px-6 font-semibold text-white disabled:opacity-70"
      >
        {label}
      </button>
      <p className="mt-1 text-sm text-slate-700">{hint}</p>
    </div>
  );
}
