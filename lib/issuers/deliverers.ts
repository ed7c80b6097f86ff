import 'server-only';

import { getConfig, type Config } from '@/lib/config/env';
import { httpVignetteIssuer } from './issuer-api/client';
import { reloadlyTopUpProvider } from './reloadly/client';
import { sandboxDeliverers } from './sandbox-deliverers';
import type { TopUpProvider } from './topup-provider';
import type { VignetteIssuer } from './vignette-issuer';

/**
 * The adapters that deliver what was paid for (docs/architecture.md, Providers): vignettes (nmps) and top-ups (eps).
 */
export interface Deliverers {
  vignettes: VignetteIssuer;
  topUps: TopUpProvider;
}

const globalForDeliverers = globalThis as unknown as {
  roadDeliverers?: { config: Config; deliverers: Deliverers };
};

/**
 * The configured delivery adapters: the vignette issuer (VIGNETTE_ISSUER) and the top-up provider (TOPUP_PROVIDER).
 * Each is the real HTTP adapter; with a built-in sandbox it talks to that sandbox in-process, through the same HTTP
 * contract (docs/decisions/0014-built-in-sandbox-providers.md). One set per process and configuration, so that a
 * provider's token and operator list are asked for once, not on every pass. lib/config/env.ts refuses a real
 * provider without its URL and credentials.
 */
export function getDeliverers(config: Config = getConfig()): Deliverers {
  const cached = globalForDeliverers.roadDeliverers;
  if (cached?.config === config) return cached.deliverers;
  const deliverers: Deliverers = {
    vignettes:
      config.VIGNETTE_ISSUER === 'http'
        ? httpVignetteIssuer({ baseUrl: config.VIGNETTE_ISSUER_URL!, token: config.VIGNETTE_ISSUER_TOKEN! })
        : sandboxDeliverers.vignettes,
    topUps:
      config.TOPUP_PROVIDER === 'reloadly'
        ? reloadlyTopUpProvider({
            authUrl: config.RELOADLY_AUTH_URL,
            apiUrl: config.RELOADLY_API_URL,
            clientId: config.RELOADLY_CLIENT_ID!,
            clientSecret: config.RELOADLY_CLIENT_SECRET!,
          })
        : sandboxDeliverers.topUps,
  };
  globalForDeliverers.roadDeliverers = { config, deliverers };
  return deliverers;
}
