import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { quoteResponse, quoteVignettes } from '@/lib/orders/quote';
import { vignetteQuoteSchema } from '@/lib/validations/vignette-order';
import { assertProductLineSold } from '@/lib/orders/product-lines';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';

export const dynamic = 'force-dynamic';

/** `POST /api/nmps/orders/quote`: validity and price of each vignette of a cart, and the total in bani. */
export const POST = apiHandler(async (request) => {
  assertProductLineSold('vignettes');
  await enforceRateLimit(request, RATE_LIMITS.quote);
  const { items } = validate(vignetteQuoteSchema, await readJson(request));
  return NextResponse.json(quoteResponse(await quoteVignettes(items, new Date())));
});
