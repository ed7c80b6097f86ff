'use client';

import { useState } from 'react';
import { cartLineOf, fillCart, type PricedCartLine } from '@/lib/cart/cart-store';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * A button that puts vignettes chosen before in this tab's cart and opens the vignette page, where the quote has the
 * last word on days and prices: "buy the same again" on my orders (after what the cart holds), "start again with the
 * same vignettes" on an order that can no longer be paid (`replace`: in place of what it holds). Opened from an
 * e-mail's link in another browser, the cart there was empty: this is how the buyer gets the choice back untyped.
 */
export function FillCartButton({
  items,
  replace = false,
  href,
  label,
  hint,
  testId,
  className,
}: {
  /** Each gets a new id in the cart. */
  items: readonly PricedCartLine[];
  replace?: boolean;
  /** The vignette page to open: `/vignette/car`. */
  href: string;
  label: string;
  hint: string;
  testId: string;
  className?: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const fill = () => {
    setBusy(true);
    fillCart(items.map(cartLineOf), { replace });
    router.push(href);
  };
  return (
    <div className={className ?? 'mt-3'}>
      <button
        type="button"
        onClick={fill}
        disabled={busy}
        data-testid={testId}
        className="bg-brand hover:bg-brand-dark inline-flex min-h-11 w-full items-center justify-center rounded px-6 font-semibold text-white disabled:opacity-70 sm:w-auto"
      >
        {label}
      </button>
      <p className="mt-1 text-sm text-slate-700">{hint}</p>
    </div>
  );
}
