import 'server-only';

import { getConfig, type Config } from '@/lib/config/env';
import type { VignetteIssuer } from '../vignette-issuer';
import { httpVignetteIssuer } from './client';
import { inProcessVignetteIssuer } from './sandbox';

/**
 * The vignette issuer VIGNETTE_ISSUER names: the adapter over HTTP to the gateway at VIGNETTE_ISSUER_URL (`http`), or
 * the same adapter over the built-in sandbox in-process (`sandbox`, the default). Both speak docs/issuer-api.md.
 */
export function configuredVignetteIssuer(config: Config = getConfig()): VignetteIssuer {
  if (config.VIGNETTE_ISSUER === 'http') {
    // lib/config/env.ts refuses VIGNETTE_ISSUER=http without both.
    return httpVignetteIssuer({ baseUrl: config.VIGNETTE_ISSUER_URL!, token: config.VIGNETTE_ISSUER_TOKEN! });
  }
  return inProcessVignetteIssuer();
}
