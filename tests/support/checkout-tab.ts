import { addToCart, type CartItem } from '@/lib/cart/cart-store';
import { CHECKOUT_STORAGE_KEYS } from '@/lib/client/checkout';

/** A week's vignette as the cart keeps it. */
export const cartVignette: CartItem = {
  id: 'one',
  categoryCode: 'CAR',
  type: 'WEEK',
  plate: 'B123ABC',
  country: 'RO',
  firstDay: '2026-12-01',
  lastDay: '2026-12-10',
  priceHuf: 6400,
  priceRon: 8000,
};

/** A tab (jsdom) that went to the card form with `orderId`: its cart holds one vignette, its checkout waits. */
export function tabMidCheckout(orderId: string) {
  sessionStorage.clear();
  addToCart(cartVignette);
  sessionStorage.setItem(CHECKOUT_STORAGE_KEYS.vignette, JSON.stringify({ print: 'x', key: 'k', orderId }));
}
