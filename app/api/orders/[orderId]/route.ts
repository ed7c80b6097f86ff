import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { buyerOrderAnswer, toBuyerOrder } from '@/lib/orders/buyer-order';
import { getOrderOrThrow } from '@/lib/orders/order-read';

export const dynamic = 'force-dynamic';

/** `GET /api/orders/{orderId}`: the order's public state; the unguessable id is the key, the e-mail is masked. */
export const GET = apiHandler(async (_request, { params }: { params: Promise<{ orderId: string }> }) => {
  const { orderId } = await params;
  const order = await getOrderOrThrow(await getDb(), orderId);
  return NextResponse.json(buyerOrderAnswer(toBuyerOrder(order)), {
    headers: { 'Cache-Control': 'no-store' },
  });
});
