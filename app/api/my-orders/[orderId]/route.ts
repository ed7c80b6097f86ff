import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { getMyOrder } from '@/lib/buyers/my-orders';
import { buyerSessionOf } from '@/lib/buyers/session-cookie';
import { requireBuyerSession } from '@/lib/buyers/sign-in';
import { getDb } from '@/lib/db/client';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/my-orders/{orderId}`: one order of the session's e-mail. 404 for an order of any other e-mail, as for no
 * order at all; 401 without a live session.
 */
export const GET = apiHandler(async (request, { params }: { params: Promise<{ orderId: string }> }) => {
  const { orderId } = await params;
  const db = await getDb();
  await enforceRateLimit(request, RATE_LIMITS.orderRead, db);
  const session = await requireBuyerSession(db, buyerSessionOf(request));
  return NextResponse.json(await getMyOrder(db, session.email, orderId), {
    headers: { 'Cache-Control': 'private, no-store' },
  });
});
