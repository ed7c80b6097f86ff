import 'server-only';

import { COMPANY } from '@/lib/company';
import { getConfig, type Config } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { anafClient, type EfacturaApi } from './anaf/client';
import { EFACTURA_SANDBOX_PATH, sandboxCredentials, sandboxFetch } from './sandbox';

/** The seller's CIF as `upload?cif=` wants it: digits, without the RO of a VAT payer. */
export const SELLER_CIF = COMPANY.taxId.replace(/^RO/i, '');

const globalForEfactura = globalThis as unknown as { roadEfacturaApi?: { config: Config; api: EfacturaApi } };

/**
 * The configured RO e-Factura API: ANAF's (EFACTURA_PROVIDER=anaf), the built-in sandbox reached in-process
 * (`sandbox`, the default), or null when sending is off. One client per process and configuration, so its OAuth2
 * token is asked for once an hour, not once per document.
 */
export function getEfacturaApi(config: Config = getConfig()): EfacturaApi | null {
  if (config.EFACTURA_PROVIDER === 'off') return null;
  const cached = globalForEfactura.roadEfacturaApi;
  if (cached?.config === config) return cached.api;
  const api =
    config.EFACTURA_PROVIDER === 'anaf'
      ? anafClient({
          apiUrl: config.EFACTURA_API_URL!,
          tokenUrl: config.EFACTURA_TOKEN_URL!,
          credentials: {
            clientId: config.EFACTURA_CLIENT_ID!,
            clientSecret: config.EFACTURA_CLIENT_SECRET!,
            refreshToken: config.EFACTURA_REFRESH_TOKEN!,
          },
        })
      : anafClient({
          apiUrl: `${config.siteUrl}${EFACTURA_SANDBOX_PATH}`,
          tokenUrl: `${config.siteUrl}${EFACTURA_SANDBOX_PATH}/token`,
          // The sandbox's own credentials, generated into the database: read when the first token is asked for.
          credentials: async () => sandboxCredentials(await getDb()),
          fetch: sandboxFetch(),
        });
  globalForEfactura.roadEfacturaApi = { config, api };
  return api;
}
