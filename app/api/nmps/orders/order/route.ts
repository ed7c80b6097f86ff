import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { createVignetteOrder, orderCreatedResponse } from '@/lib/orders/create-vignette-order';
import { vignetteOrderSchema } from '@/lib/validations/vignette-order';

export const dynamic = 'force-dynamic';

/** `POST /api/nmps/orders/order`: a vignette order and its payment; 201 with the provider's payment URL. */
export const POST = apiHandler(async (request) => {
  const idempotencyKey = request.headers.get('idempotency-key') ?? undefined;
  if (idempotencyKey !== undefined && !/^[\w-]{8,128}$/.test(idempotencyKey)) {
    throw new ApiError(
      'BAD_REQUEST',
      'Idempotency-Key must be 8 to 128 letters, digits, dashes or underscores',
    );
  }
  const input = validate(vignetteOrderSchema, await readJson(request));
  const { order, created } = await createVignetteOrder(input, { idempotencyKey });
  return NextResponse.json(orderCreatedResponse(order), { status: created ? 201 : 200 });
});
