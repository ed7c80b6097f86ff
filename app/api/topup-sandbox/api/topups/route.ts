import { sandboxReloadlyTopUp } from '@/lib/issuers/reloadly/sandbox';
import { reloadlySandboxRoute } from '@/lib/issuers/reloadly/sandbox-http';

export const dynamic = 'force-dynamic';

/** The top-up sandbox's `POST /topups`, as Reloadly answers it. */
export const POST = reloadlySandboxRoute((db, request) => sandboxReloadlyTopUp(db, request));
