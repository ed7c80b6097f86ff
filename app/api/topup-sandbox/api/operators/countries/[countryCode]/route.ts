import { sandboxReloadlyOperators } from '@/lib/issuers/reloadly/sandbox';
import { reloadlySandboxRoute } from '@/lib/issuers/reloadly/sandbox-http';

export const dynamic = 'force-dynamic';

/** The top-up sandbox's `GET /operators/countries/{countryCode}`, as Reloadly answers it. */
export const GET = reloadlySandboxRoute<{ countryCode: string }>((db, request, { countryCode }) =>
  sandboxReloadlyOperators(db, request, countryCode),
);
