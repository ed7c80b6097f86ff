import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { buyerOrderAnswer, toBuyerOrder } from '@/lib/orders/buyer-order';
import { getOrderOrThrow } from '@/lib/orders/order-read';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/orders/{orderId}`: the order's public state; the unguessable id is the key, the e-mail is masked. Limited
 * per address; the order page's look-up (HEAD, from proxy.ts) is counted against the page's visitor.
 */
export const GET = apiHandler(async (request, { params }: { params: Promise<{ orderId: string }> }) => {
  const { orderId } = await params;
  const db = await getDb();
  await enforceRateLimit(request, RATE_LIMITS.orderRead, db);
  const order = await getOrderOrThrow(db, orderId);
  return NextResponse.json(buyerOrderAnswer(toBuyerOrder(order)), {
    headers: { 'Cache-Control': 'no-store' },
  });
});
