import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { clientBucket, readBodyBytes } from '@/lib/api/request';
import { getDb } from '@/lib/db/client';
import { handlePaymentNotification } from '@/lib/payments/notifications';
import { RATE_LIMITS, takeToken } from '@/lib/api/rate-limit';

export const dynamic = 'force-dynamic';

/**
 * The provider's notification (IPN). Exempt from the anti-forgery header: its RS512 signature over the exact body
 * bytes is its proof, so the body is read as bytes, never re-serialised (and never more than the API's limit).
 */
export const POST = apiHandler(async (request) => {
  const rawBody = await readBodyBytes(request);
  const { httpStatus, answer, retryAfterSeconds } = await handlePaymentNotification(
    rawBody,
    request.headers.get('verification-token'),
    {
      mayRecordRejection: async () => {
        const address = clientBucket(request);
        return (await takeToken(await getDb(), RATE_LIMITS.rejectedNotification, address)).allowed;
      },
    },
  );
  return NextResponse.json(answer, {
    status: httpStatus,
    headers: retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined,
  });
});
