import 'server-only';

import { getConfig, type Config } from '@/lib/config/env';
import type { Deliverers } from '@/lib/orders/fulfilment';
import { reloadlyTopUpProvider } from './reloadly/client';
import { sandboxReloadlyTopUpProvider } from './reloadly/sandbox';
import { configuredVignetteIssuer } from './issuer-api/configured';

const globalForDeliverers = globalThis as unknown as {
  roadDeliverers?: { config: Config; deliverers: Deliverers };
};

/**
 * The configured delivery adapters: the vignette issuer (VIGNETTE_ISSUER) and the top-up provider (TOPUP_PROVIDER).
 * Each is the real HTTP adapter; with a built-in sandbox it talks to that sandbox in-process, through the same HTTP
 * contract (docs/decisions/0014-built-in-sandbox-providers.md). One set per process and configuration, so that a
 * provider's token and operator list are asked for once, not on every pass.
 */
export function getDeliverers(config: Config = getConfig()): Deliverers {
  const cached = globalForDeliverers.roadDeliverers;
  if (cached?.config === config) return cached.deliverers;
  const deliverers: Deliverers = {
    vignettes: configuredVignetteIssuer(config),
    topUps:
      config.TOPUP_PROVIDER === 'reloadly'
        ? reloadlyTopUpProvider({
            authUrl: config.RELOADLY_AUTH_URL,
            apiUrl: config.RELOADLY_API_URL,
            clientId: config.RELOADLY_CLIENT_ID!,
            clientSecret: config.RELOADLY_CLIENT_SECRET!,
          })
        : sandboxReloadlyTopUpProvider(),
  };
  globalForDeliverers.roadDeliverers = { config, deliverers };
  return deliverers;
}
