import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { getDeliverers } from '@/lib/issuers/deliverers';
import { correctItem } from '@/lib/orders/staff-actions';
import { itemCorrectionSchema } from '@/lib/validations/order-actions';

export const dynamic = 'force-dynamic';

/**
 * `PATCH /api/admin/payment/item` `{orderId, itemId, plate?, country?}`: corrects a vignette, under the issuer's rules
 * once it is issued (PAYMENT_WRITE).
 */
export const PATCH = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, 'PAYMENT_WRITE');
  const body = validate(itemCorrectionSchema, await readJson(request));
  const result = await correctItem(db, principal, body, getDeliverers());
  return NextResponse.json(result, { headers: { 'Cache-Control': 'no-store' } });
});
