import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { getDeliverers } from '@/lib/issuers/deliverers';
import { retryDelivery } from '@/lib/orders/staff-actions';
import { orderActionSchema } from '@/lib/validations/order-actions';

export const dynamic = 'force-dynamic';

/** `POST /api/admin/payment/retry` `{id}`: delivers a FULFILLMENT_FAILED order again, now (PAYMENT_WRITE). */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, 'PAYMENT_WRITE');
  const { id } = validate(orderActionSchema, await readJson(request));
  const result = await retryDelivery(db, principal, id, getDeliverers());
  return NextResponse.json(result, { headers: { 'Cache-Control': 'no-store' } });
});
