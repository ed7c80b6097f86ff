import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { saveTopUpCatalog, topUpCatalogSheet } from '@/lib/catalog/admin-topup-products';
import { catalogChanged } from '@/lib/catalog/page-revalidation';
import { getDb } from '@/lib/db/client';
import { topUpCatalogUpdateSchema } from '@/lib/validations/catalog';

export const dynamic = 'force-dynamic';

const NO_STORE = { headers: { 'Cache-Control': 'no-store' } };

/** `GET /api/admin/catalog/topup-products`: every operator and product, withdrawn ones too (CATALOG_READ). */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'CATALOG_READ');
  return NextResponse.json(await topUpCatalogSheet(db), NO_STORE);
});

/** `PUT /api/admin/catalog/topup-products` `{operators, products}`: changes and additions, never deletions (CATALOG_WRITE). */
export const PUT = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, 'CATALOG_WRITE');
  const input = validate(topUpCatalogUpdateSchema, await readJson(request));
  const saved = await saveTopUpCatalog(db, principal, input);
  await catalogChanged(db);
  return NextResponse.json(saved, NO_STORE);
});
