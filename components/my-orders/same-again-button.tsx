'use client';

import { addToCart, randomId, type CartItem } from '@/lib/cart/cart-store';
import { useRouter } from '@/lib/i18n/navigation';
import type { SellableCode } from '@/lib/vignettes/categories';

/** A cart line of "the same again", as the server priced it (lib/buyers/my-orders.ts, sameAgainCart). */
export type SameAgainLine = Omit<CartItem, 'id' | 'categoryCode'> & { categoryCode: string };

/** The cart line of a priced "same again" vignette: a new id, and the start the API takes. */
export const cartLineOf = (line: SameAgainLine): CartItem => ({
  ...line,
  id: randomId(),
  categoryCode: line.categoryCode as SellableCode,
});

/**
 * "Buy the same again": puts the order's vignettes, each from the day after the current one ends, in this tab's
 * vignette cart (as many as it still takes) and opens the vignette page of the first, where the quote has the last
 * word on days and prices.
 */
export function SameAgainButton({
  lines,
  productPath,
  label,
  hint,
}: {
  lines: SameAgainLine[];
  /** The vignette page to open: `/vignette/car`. */
  productPath: string;
  label: string;
  hint: string;
}) {
  const router = useRouter();
  const buyAgain = () => {
    for (const line of lines) if (!addToCart(cartLineOf(line))) break;
    router.push(productPath);
  };
  return (
    <div className="mt-3">
      <button
        type="button"
        onClick={buyAgain}
        data-testid="my-orders-same-again"
        className="bg-brand hover:bg-brand-dark inline-flex min-h-11 w-full items-center justify-center rounded px-6 font-semibold text-white sm:w-auto"
      >
        {label}
      </button>
      <p className="mt-1 text-sm text-slate-700">{hint}</p>
    </div>
  );
}
