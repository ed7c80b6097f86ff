import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { ACTION_AUTHORITIES } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { changeOrderEmail } from '@/lib/orders/staff-actions';
import { emailChangeSchema } from '@/lib/validations/order-actions';

export const dynamic = 'force-dynamic';

/** `PATCH /api/admin/payment/email` `{id, email}`: changes the buyer's e-mail address (ORDER_SUPPORT). */
export const PATCH = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, ACTION_AUTHORITIES.email);
  const { id, email } = validate(emailChangeSchema, await readJson(request));
  const result = await changeOrderEmail(db, principal, id, email);
  return NextResponse.json(result, { headers: { 'Cache-Control': 'no-store' } });
});
