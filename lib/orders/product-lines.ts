import 'server-only';

import { ApiError } from '@/lib/api/errors';
import { isProductLineSold, type ProductLine } from '@/lib/config/live-mode';
import type { OrderRow } from './orders';

/** The product line an order belongs to. */
export const productLineOf = (order: Pick<OrderRow, 'kind'>): ProductLine =>
  order.kind === 'TOPUP' ? 'topUps' : 'vignettes';

/**
 * Refuses, before anything is recorded or any payment started, to sell what the shop cannot deliver
 * (lib/config/live-mode.ts): 503 `PRODUCT_LINE_CLOSED`, without Retry-After, since it opens only with a new
 * configuration.
 */
export function assertProductLineSold(line: ProductLine): void {
  if (isProductLineSold(line)) return;
  throw new ApiError(
    'PRODUCT_LINE_CLOSED',
    line === 'vignettes'
      ? 'Vignettes are not sold online at the moment'
      : 'Prepaid top-ups are not sold online at the moment',
  );
}
