import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { ACTION_AUTHORITIES } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { getDeliverers } from '@/lib/issuers/deliverers';
import { correctItem } from '@/lib/orders/staff-actions';
import { requireItemCorrectionAuthority } from '@/lib/orders/staff-permissions';
import { correctTopUpPhone } from '@/lib/orders/topup-correction';
import { itemCorrectionSchema } from '@/lib/validations/order-actions';

export const dynamic = 'force-dynamic';

/**
 * `PATCH /api/admin/payment/item` `{orderId, itemId, plate?, country?}`: corrects a vignette not delivered yet
 * (ORDER_SUPPORT), or one issued, under the issuer's rules (PAYMENT_WRITE as well); `{orderId, itemId, phone}`
 * corrects the number of a top-up whose delivery failed (ORDER_SUPPORT).
 */
export const PATCH = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, ACTION_AUTHORITIES.correctUndelivered);
  const body = validate(itemCorrectionSchema, await readJson(request));
  if (body.phone !== undefined) {
    const corrected = await correctTopUpPhone(db, principal, { ...body, phone: body.phone });
    return NextResponse.json(corrected, { headers: { 'Cache-Control': 'no-store' } });
  }
  await requireItemCorrectionAuthority(db, principal, body);
  const result = await correctItem(db, principal, body, getDeliverers());
  return NextResponse.json(result, { headers: { 'Cache-Control': 'no-store' } });
});
