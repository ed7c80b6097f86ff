import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { getCatalog } from '@/lib/catalog/catalog';

export const dynamic = 'force-dynamic';

/** `GET /api/nmps/utils/vignette/catalog`: what can be bought today, at what price, from which start days. */
export const GET = apiHandler(async () => {
  const catalog = await getCatalog(new Date());
  if (!catalog) throw new ApiError('UNAVAILABLE', 'No exchange rate is known yet');
  return NextResponse.json(catalog, { headers: { 'Cache-Control': 'no-store' } });
});
