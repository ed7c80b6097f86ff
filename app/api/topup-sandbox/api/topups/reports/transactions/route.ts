import { sandboxReloadlyTransactions } from '@/lib/issuers/reloadly/sandbox';
import { reloadlySandboxRoute } from '@/lib/issuers/reloadly/sandbox-http';

export const dynamic = 'force-dynamic';

/** The top-up sandbox's `GET /topups/reports/transactions?customIdentifier=…`, as Reloadly answers it. */
export const GET = reloadlySandboxRoute((db, request) => sandboxReloadlyTransactions(db, request));
