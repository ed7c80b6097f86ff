import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readBodyBytes } from '@/lib/api/request';
import { handlePaymentNotification } from '@/lib/payments/notifications';

export const dynamic = 'force-dynamic';

/**
 * The provider's notification (IPN). Exempt from the anti-forgery header: its RS512 signature over the exact body
 * bytes is its proof, so the body is read as bytes, never re-serialised (and never more than the API's limit).
 */
export const POST = apiHandler(async (request) => {
  const rawBody = await readBodyBytes(request);
  const { httpStatus, answer } = await handlePaymentNotification(
    rawBody,
    request.headers.get('verification-token'),
  );
  return NextResponse.json(answer, { status: httpStatus });
});
