import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { idempotencyKeyOf, readJson, validate } from '@/lib/api/request';
import { getDb } from '@/lib/db/client';
import { orderCreatedResponse } from '@/lib/orders/create-order';
import { documentAccessCookie } from '@/lib/orders/document-access';
import { createVignetteOrder } from '@/lib/orders/create-vignette-order';
import { vignetteOrderSchema } from '@/lib/validations/vignette-order';
import { assertProductLineSold } from '@/lib/orders/product-lines';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/nmps/orders/order`: a vignette order and its payment; 201 with the provider's payment URL, or 200 with
 * the same order when the request repeats an `Idempotency-Key` already used.
 */
export const POST = apiHandler(async (request) => {
  assertProductLineSold('vignettes');
  await enforceRateLimit(request, RATE_LIMITS.order);
  const idempotencyKey = idempotencyKeyOf(request);
  const input = validate(vignetteOrderSchema, await readJson(request));
  const { order, created } = await createVignetteOrder(input, { idempotencyKey });
  // This browser placed the order: it keeps the key to the order's documents (lib/orders/document-access.ts).
  const cookie = await documentAccessCookie(await getDb(), request, order.id);
  return NextResponse.json(orderCreatedResponse(order), {
    status: created ? 201 : 200,
    headers: { 'Set-Cookie': cookie },
  });
});
