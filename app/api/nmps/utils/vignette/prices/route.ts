import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { getVignettePrices } from '@/lib/catalog/catalog';
import { currentBudapestYear } from '@/lib/catalog/price-table';

export const dynamic = 'force-dynamic';

/** `GET /api/nmps/utils/vignette/prices`: the spec's shape, this year's prices in forints. */
export const GET = apiHandler(async () =>
  NextResponse.json(await getVignettePrices(currentBudapestYear()), {
    headers: { 'Cache-Control': 'public, max-age=60' },
  }),
);
