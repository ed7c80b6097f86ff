import { apiHandler } from '@/lib/api/handler';

export const dynamic = 'force-dynamic';

/**
 * Where a browser without the anti-forgery cookie gets one before its first non-GET call (docs/decisions/0010): the
 * proxy sets it on this answer as on any API answer; the body is empty.
 */
export const GET = apiHandler(
  async () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } }),
);
