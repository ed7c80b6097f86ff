import 'server-only';

import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { getDb, type Db } from '@/lib/db/client';
import { efacturaSandboxIsServed } from './sandbox';

/** An e-Factura sandbox route: 404, as if it did not exist, unless the sandbox is the configured provider and the shop is not live. */
export function efacturaSandboxRoute(handler: (db: Db, request: Request) => Promise<Response>) {
  return apiHandler<unknown>(async (request) => {
    if (!efacturaSandboxIsServed()) throw new ApiError('NOT_FOUND', 'Not found');
    return handler(await getDb(), request);
  });
}
