import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { ACTION_AUTHORITIES } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { getDeliverers } from '@/lib/issuers/deliverers';
import { retryDelivery } from '@/lib/orders/staff-actions';
import { orderActionSchema } from '@/lib/validations/order-actions';

export const dynamic = 'force-dynamic';

/** `POST /api/admin/payment/retry` `{id}`: delivers a FULFILLMENT_FAILED order again, now (ORDER_SUPPORT). */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, ACTION_AUTHORITIES.retry);
  const { id } = validate(orderActionSchema, await readJson(request));
  const result = await retryDelivery(db, principal, id, getDeliverers());
  return NextResponse.json(result, { headers: { 'Cache-Control': 'no-store' } });
});
