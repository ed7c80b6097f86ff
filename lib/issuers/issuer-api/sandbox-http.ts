import 'server-only';

import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { getDb, type Db } from '@/lib/db/client';
import { vignetteIssuerSandboxIsServed } from './sandbox';

/**
 * A route of the vignette issuer's sandbox (app/api/issuer-sandbox/v1/): 404, as if it did not exist, unless the
 * sandbox is served (`vignetteIssuerSandboxIsServed`); otherwise the sandbox's own handler, the one its in-process
 * `fetch` calls too.
 */
export function issuerSandboxRoute<P extends Record<string, string> = Record<string, never>>(
  handler: (db: Db, request: Request, params: P) => Promise<Response>,
) {
  return apiHandler<{ params: Promise<P> }>(async (request, context) => {
    if (!vignetteIssuerSandboxIsServed()) throw new ApiError('NOT_FOUND', 'Not found');
    return handler(await getDb(), request, await context.params);
  });
}
