'use client';

import { useEffect, useRef } from 'react';
import { cartLineOf, fillCart, type PricedCartLine } from '@/lib/cart/cart-store';
import { rememberReminderSource } from '@/lib/cart/reminder-source';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * "Buy the same again" from a reminder: puts the reminded vignette, from the day after it ends, in this tab's cart,
 * remembers the reminder for the order (staff count the buyers who came back), and opens the vignette page, where the
 * quote has the last word. The link works without signing in: its token is signed, and says only which vignette.
 */
export function FillCartFromReminder({
  lines,
  productPath,
  token,
  label,
}: {
  lines: PricedCartLine[];
  productPath: string;
  token: string;
  label: string;
}) {
  const router = useRouter();
  const done = useRef(false);
  useEffect(() => {
    // Once, even where React runs effects twice in development: a second run would add the lines again.
    if (done.current) return;
    done.current = true;
    fillCart(lines.map(cartLineOf));
    rememberReminderSource(token);
    router.replace(productPath);
  }, [lines, productPath, token, router]);
  return (
    <p role="status" className="mt-4 text-slate-700" data-testid="reminder-again-filling">
      {label}
    </p>
  );
}
