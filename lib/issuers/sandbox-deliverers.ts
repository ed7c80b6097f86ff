import 'server-only';

import type { Deliverers } from './deliverers';
import { inProcessVignetteIssuer } from './issuer-api/sandbox';
import { sandboxReloadlyTopUpProvider } from './reloadly/sandbox';

/**
 * The real adapters talking to the built-in sandboxes in-process: what the shop runs with until real providers are
 * configured, and what the tests deliver through.
 */
export const sandboxDeliverers: Deliverers = {
  vignettes: inProcessVignetteIssuer(),
  topUps: sandboxReloadlyTopUpProvider(),
};
