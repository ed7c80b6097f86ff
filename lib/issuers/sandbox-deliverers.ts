import 'server-only';

import type { Deliverers } from '@/lib/orders/fulfilment';
import { sandboxReloadlyTopUpProvider } from './reloadly/sandbox';
import { sandboxVignetteIssuer } from './vignette-issuer';

/** The delivery adapters the shop runs with until real providers are configured. */
export const sandboxDeliverers: Deliverers = {
  vignettes: sandboxVignetteIssuer,
  topUps: sandboxReloadlyTopUpProvider(),
};
