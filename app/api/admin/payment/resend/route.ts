import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { ACTION_AUTHORITIES } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { resendConfirmationByStaff } from '@/lib/orders/staff-actions';
import { staffResendSchema } from '@/lib/validations/order-actions';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/admin/payment/resend` `{id, to?}`: queues the confirmation with its invoice again, to the order's
 * address or to `to` (ORDER_SUPPORT). 202: the outbox sends it.
 */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, ACTION_AUTHORITIES.resend);
  const { id, to } = validate(staffResendSchema, await readJson(request));
  const result = await resendConfirmationByStaff(db, principal, id, to);
  return NextResponse.json(result, { status: 202, headers: { 'Cache-Control': 'no-store' } });
});
