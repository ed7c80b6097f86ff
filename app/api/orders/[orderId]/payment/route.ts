import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { orderCreatedResponse } from '@/lib/orders/create-order';
import { payAgain } from '@/lib/payments/pay-again';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/orders/{orderId}/payment`: pays a declined or expired order again (the order page's button): a new
 * payment form for the same order, answered like the order itself (`paymentUrl`); 409 when it cannot be paid again,
 * with the reason in `issues[0].code` (`payAgain.TOO_LATE` ...).
 */
export const POST = apiHandler(async (request, { params }: { params: Promise<{ orderId: string }> }) => {
  const { orderId } = await params;
  // Each press opens a session at the payment provider, as an order does.
  await enforceRateLimit(request, RATE_LIMITS.order);
  return NextResponse.json(orderCreatedResponse(await payAgain(await getDb(), orderId)), {
    headers: { 'Cache-Control': 'no-store' },
  });
});
