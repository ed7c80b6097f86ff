import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { listMyOrders, myOrdersAnswer } from '@/lib/buyers/my-orders';
import { buyerSessionOf } from '@/lib/buyers/session-cookie';
import { requireBuyerSession } from '@/lib/buyers/sign-in';
import { getDb } from '@/lib/db/client';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';

export const dynamic = 'force-dynamic';

/** `GET /api/my-orders`: the orders of the session's e-mail, newest first. 401 without a live session. */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await enforceRateLimit(request, RATE_LIMITS.orderRead, db);
  const session = await requireBuyerSession(db, buyerSessionOf(request));
  return NextResponse.json(myOrdersAnswer(session.email, await listMyOrders(db, session.email)), {
    headers: { 'Cache-Control': 'private, no-store' },
  });
});
