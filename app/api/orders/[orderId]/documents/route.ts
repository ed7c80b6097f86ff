import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { sendOrderDocuments } from '@/lib/orders/send-documents';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/orders/{orderId}/documents`: e-mails the links to the order's invoice and credit notes to the order's
 * own address (the order page's button for a visitor holding the id alone). 202 `{queued}`, or `{queued: false,
 * retryAfterSeconds}` when one was sent moments ago.
 */
export const POST = apiHandler(async (request, { params }: { params: Promise<{ orderId: string }> }) => {
  const { orderId } = await params;
  await enforceRateLimit(request, RATE_LIMITS.resend);
  return NextResponse.json(await sendOrderDocuments(await getDb(), orderId), { status: 202 });
});
