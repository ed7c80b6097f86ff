import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, readQuery, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { saveVignettePrices, vignettePriceSheet } from '@/lib/catalog/admin-vignette-prices';
import { currentBudapestYear } from '@/lib/catalog/price-table';
import { catalogChanged } from '@/lib/catalog/page-revalidation';
import { getDb } from '@/lib/db/client';
import { vignettePriceYearQuerySchema, vignettePricesUpdateSchema } from '@/lib/validations/catalog';

export const dynamic = 'force-dynamic';

const NO_STORE = { headers: { 'Cache-Control': 'no-store' } };

/** `GET /api/admin/catalog/vignette-prices?year=`: a year's prices and the pairs that have none (CATALOG_READ). */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'CATALOG_READ');
  const now = new Date();
  const { year = currentBudapestYear(now) } = readQuery(request, vignettePriceYearQuerySchema);
  return NextResponse.json(await vignettePriceSheet(db, year, now), NO_STORE);
});

/** `PUT /api/admin/catalog/vignette-prices` `{year, prices}`: this or next year's prices (CATALOG_WRITE). */
export const PUT = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, 'CATALOG_WRITE');
  const input = validate(vignettePricesUpdateSchema, await readJson(request));
  const saved = await saveVignettePrices(db, principal, input, new Date());
  await catalogChanged(db);
  return NextResponse.json(saved, NO_STORE);
});
