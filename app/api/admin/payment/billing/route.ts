import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { ACTION_AUTHORITIES } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { correctBillingData } from '@/lib/orders/staff-actions';
import { billingCorrectionSchema } from '@/lib/validations/order-actions';

export const dynamic = 'force-dynamic';

/**
 * `PATCH /api/admin/payment/billing` `{id, invoice}`: corrects whom the order's invoice names; an issued invoice is
 * reversed by a storno and replaced by a new one (PAYMENT_WRITE).
 */
export const PATCH = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, ACTION_AUTHORITIES.correctBilling);
  const { id, invoice } = validate(billingCorrectionSchema, await readJson(request));
  const result = await correctBillingData(db, principal, id, invoice);
  return NextResponse.json(result, { headers: { 'Cache-Control': 'no-store' } });
});
