import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { refundOrder } from '@/lib/payments/refunds';
import { refundSchema } from '@/lib/validations/order-actions';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/admin/payment/refund` `{id, reason, amountRon?, payment?}`: gives the order's money back through the provider
 * (PAYMENT_REFUND). 200 with the order's status after the provider's answer (REFUND_PENDING when it did not answer).
 */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, 'PAYMENT_REFUND');
  const body = validate(refundSchema, await readJson(request));
  const result = await refundOrder(db, principal, {
    orderId: body.id,
    reason: body.reason,
    amountBani: body.amountRon,
    payment: body.payment,
  });
  return NextResponse.json(result, { headers: { 'Cache-Control': 'no-store' } });
});
