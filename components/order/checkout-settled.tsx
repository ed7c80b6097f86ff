'use client';

import { useEffect } from 'react';
import { settleCheckout } from '@/lib/client/checkout';

/**
 * Tells this tab's checkout how its order ended (lib/client/checkout.ts, settleCheckout): paid, the cart is emptied;
 * not paid, the cart stays for the buyer to change or pay again. Renders nothing.
 */
export function CheckoutSettled({ orderId, paid }: { orderId: string; paid: boolean }) {
  useEffect(() => settleCheckout(orderId, paid), [orderId, paid]);
  return null;
}
