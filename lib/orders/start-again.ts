import 'server-only';

import { randomUUID } from 'node:crypto';
import { ApiError } from '@/lib/api/errors';
import type { CartItem } from '@/lib/cart/cart-store';
import { SELLABLE_CATEGORIES, type SellableCode } from '@/lib/vignettes/categories';
import { isYearly, type VignetteType } from '@/lib/vignettes/periods';
import type { VignetteItem } from '@/lib/validations/vignette-order';
import { budapestToday } from '@/lib/vignettes/validity';
import type { OrderItemRow } from './orders';
import { quoteVignettes } from './quote';

/** A vignette of an order, as the buyer's page and the order's rows both describe it. */
export interface OrderedVignette {
  categoryCode: string | null;
  type: VignetteType | null;
  county: string | null;
  plate: string | null;
  country: string | null;
  firstDay: string | null;
}

/** An order item's row as an {@link OrderedVignette}. */
export const orderedVignetteOf = (item: OrderItemRow): OrderedVignette => ({
  categoryCode: item.categoryCode,
  type: item.vignetteType,
  county: item.county,
  plate: item.plate,
  country: item.country,
  firstDay: item.firstDay,
});

/**
 * A vignette of an order as the quote and order requests name it: its first day stands for its start (for a yearly
 * vignette, for its year).
 */
export const vignetteRequestOf = (vignette: OrderedVignette): VignetteItem => ({
  categoryCode: vignette.categoryCode as VignetteItem['categoryCode'],
  type: vignette.type!,
  startDate: vignette.firstDay ?? undefined,
  county: vignette.county ?? undefined,
  plate: vignette.plate ?? '',
  country: (vignette.country ?? '') as VignetteItem['country'],
});

/**
 * Whether a vignette of the order now costs something else than it was priced at: the catalog or the exchange rate
 * changed since (staff set a price, or the day's rate came). The order is then not paid again at its old prices; the
 * buyer starts again with the same vignettes, quoted at today's. Top-ups are priced by their product, which keeps it.
 */
export async function pricesChanged(
  vignettes: (OrderedVignette & { priceBani: number })[],
  now: Date,
): Promise<boolean> {
  if (!vignettes.length) return false;
  try {
    const quote = await quoteVignettes(vignettes.map(vignetteRequestOf), now);
    return quote.items.some((quoted, index) => quoted.priceBani !== vignettes[index]!.priceBani);
  } catch (error) {
    // A vignette that cannot be quoted today (a day out of the window, a price removed) is no longer sold as it was.
    if (error instanceof ApiError) return true;
    throw error;
  }
}

/**
 * The cart that starts an order over for good (it can no longer be paid: too late, a start day passed, the prices
 * changed) with the same vignettes: each for the same vehicle, period and county, from its first day or, once that
 * has passed, from today, quoted at today's prices. A vignette that is no longer sold so is left out, for the buyer
 * to choose again; the quote has the last word when the cart is paid.
 */
export async function startAgainCart(vignettes: OrderedVignette[], now: Date): Promise<CartItem[]> {
  const today = budapestToday(now);
  const cart: CartItem[] = [];
  for (const vignette of vignettes) {
    const { type, categoryCode } = vignette;
    if (!type || !categoryCode || !isSellableCode(categoryCode)) continue;
    const request = vignetteRequestOf(vignette);
    const starts = isYearly(type)
      ? [request.startDate, today]
      : [request.startDate && request.startDate >= today ? request.startDate : today];
    for (const startDate of new Set(starts)) {
      const quoted = await quoteOne({ ...request, startDate }, now);
      if (!quoted) continue;
      cart.push({
        id: randomUUID(),
        categoryCode,
        type,
        ...(startDate ? { startDate } : {}),
        ...(request.county ? { county: request.county } : {}),
        plate: request.plate,
        country: request.country,
        firstDay: quoted.firstDay,
        lastDay: quoted.lastDay,
        priceHuf: quoted.priceHuf,
        priceRon: quoted.priceBani,
      });
      break;
    }
  }
  return cart;
}

const isSellableCode = (code: string): code is SellableCode =>
  SELLABLE_CATEGORIES.some((category) => category.code === code);

async function quoteOne(request: VignetteItem, now: Date) {
  try {
    return (await quoteVignettes([request], now)).items[0];
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}
