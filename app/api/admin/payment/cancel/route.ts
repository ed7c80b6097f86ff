import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { ACTION_AUTHORITIES } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { cancelPendingOrder } from '@/lib/orders/staff-actions';
import { orderActionSchema } from '@/lib/validations/order-actions';

export const dynamic = 'force-dynamic';

/** `POST /api/admin/payment/cancel` `{id}`: cancels an order still waiting for its payment (PAYMENT_WRITE). */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, ACTION_AUTHORITIES.cancel);
  const { id } = validate(orderActionSchema, await readJson(request));
  const result = await cancelPendingOrder(db, principal, id);
  return NextResponse.json(result, { headers: { 'Cache-Control': 'no-store' } });
});
