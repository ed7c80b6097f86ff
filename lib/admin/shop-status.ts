import 'server-only';

import { getConfig, type Config } from '@/lib/config/env';
import { isLiveMode, PRODUCT_LINES, productLineState, type ProductLineState } from '@/lib/config/live-mode';

/** What the back-office says of the shop's set-up: live or sandbox, each product line sold or closed and why. */
export interface ShopStatus {
  live: boolean;
  lines: ProductLineState[];
  /** `off`: invoices and credit notes wait and are not reported to ANAF. */
  efactura: Config['EFACTURA_PROVIDER'];
}

export function shopStatus(config: Config = getConfig()): ShopStatus {
  return {
    live: isLiveMode(config),
    lines: PRODUCT_LINES.map((line) => productLineState(line, config)),
    efactura: config.EFACTURA_PROVIDER,
  };
}
