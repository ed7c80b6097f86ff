import 'server-only';

import type { Deliverers } from '@/lib/orders/fulfilment';
import { inProcessVignetteIssuer } from './issuer-api/sandbox';
import { sandboxTopUpProvider } from './topup-provider';

/**
 * The delivery adapters over the built-in sandboxes, on the process database: the vignette issuer adapter
 * (lib/issuers/issuer-api/client.ts) talking to its sandbox in-process through the issuer contract.
 */
export const sandboxDeliverers: Deliverers = {
  vignettes: inProcessVignetteIssuer(),
  topUps: sandboxTopUpProvider,
};
