import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { isLoopbackPeer } from '@/lib/api/request';
import {
  isOwnRevalidationRequest,
  revalidateCatalogPages,
  REVALIDATION_TOKEN_HEADER,
} from '@/lib/catalog/page-revalidation';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/internal/catalog-revalidation`: this server's own listener asks it to regenerate its catalog pages (Next
 * revalidates only inside a request; lib/catalog/page-revalidation.ts). Anyone else, from another machine or without
 * the process's secret, finds nothing here.
 */
export const POST = apiHandler(async (request) => {
  if (!isLoopbackPeer(request) || !isOwnRevalidationRequest(request.headers.get(REVALIDATION_TOKEN_HEADER)))
    throw new ApiError('NOT_FOUND', 'Not found');
  revalidateCatalogPages();
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
});
