import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { resendConfirmation } from '@/lib/orders/resend';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';

export const dynamic = 'force-dynamic';

/** `POST /api/orders/{orderId}/resend`: queues the confirmation e-mail again (the order page's button). */
export const POST = apiHandler(async (request, { params }: { params: Promise<{ orderId: string }> }) => {
  const { orderId } = await params;
  await enforceRateLimit(request, RATE_LIMITS.resend);
  // Not queued: one was sent moments ago; `retryAfterSeconds` says when the button works again.
  return NextResponse.json(await resendConfirmation(await getDb(), orderId), { status: 202 });
});
