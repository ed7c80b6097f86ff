import 'server-only';

import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { getDb, type Db } from '@/lib/db/client';
import { reloadlySandboxIsServed } from './sandbox';

/** A top-up sandbox route: 404, as if it did not exist, unless the sandbox is served (reloadlySandboxIsServed). */
export function reloadlySandboxRoute<P = Record<string, never>>(
  handler: (db: Db, request: Request, params: P) => Promise<Response>,
) {
  return apiHandler<{ params: Promise<P> }>(async (request, { params }) => {
    if (!reloadlySandboxIsServed()) throw new ApiError('NOT_FOUND', 'Not found');
    return handler(await getDb(), request, await params);
  });
}
