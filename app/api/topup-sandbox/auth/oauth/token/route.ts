import { sandboxReloadlyToken } from '@/lib/issuers/reloadly/sandbox';
import { reloadlySandboxRoute } from '@/lib/issuers/reloadly/sandbox-http';

export const dynamic = 'force-dynamic';

/** The top-up sandbox's `POST /oauth/token` (client credentials), as Reloadly's auth server answers it. */
export const POST = reloadlySandboxRoute((db, request) => sandboxReloadlyToken(db, request));
