import { apiHandler } from '@/lib/api/handler';
import { authenticate } from '@/lib/auth/guard';
import { revokeToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

/** `POST /api/logout`: the request's token stops working on every server at once (204); 401 without a valid one. */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await authenticate(db, request, { duringPasswordChange: true });
  await revokeToken(db, principal.token);
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
});
