import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { getLatestRate } from '@/lib/catalog/price-table';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/currency/nmps/rate` → `{"RON2HUF": 76.87, "date": "2026-11-20", "source": "BNR"}` (docs/api.md, Catalogue).
 */
export const GET = apiHandler(async () => {
  const rate = await getLatestRate();
  if (!rate) throw new ApiError('UNAVAILABLE', 'No exchange rate is known yet');
  return NextResponse.json(
    { RON2HUF: rate.ron2huf, date: rate.date, source: rate.source },
    { headers: { 'Cache-Control': 'public, max-age=60' } },
  );
});
