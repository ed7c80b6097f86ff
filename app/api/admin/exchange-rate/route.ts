import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { exchangeRateStatus, setManualRate } from '@/lib/catalog/admin-exchange-rate';
import { getConfig } from '@/lib/config/env';
import { catalogChanged } from '@/lib/catalog/page-revalidation';
import { getDb } from '@/lib/db/client';
import { exchangeRateUpdateSchema } from '@/lib/validations/catalog';

export const dynamic = 'force-dynamic';

const NO_STORE = { headers: { 'Cache-Control': 'no-store' } };
const feedEnabled = () => Boolean(getConfig().EXCHANGE_RATE_FEED_URL);

/** `GET /api/admin/exchange-rate`: the rate in use and the BNR feed's last success and failure (CATALOG_READ). */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'CATALOG_READ');
  return NextResponse.json(await exchangeRateStatus(db, feedEnabled()), NO_STORE);
});

/** `PUT /api/admin/exchange-rate` `{RON2HUF}`: a rate set by hand, in use until the feed's next new rate (CATALOG_WRITE). */
export const PUT = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, 'CATALOG_WRITE');
  const input = validate(exchangeRateUpdateSchema, await readJson(request));
  const saved = await setManualRate(db, principal, input, new Date(), feedEnabled());
  await catalogChanged(db);
  return NextResponse.json(saved, NO_STORE);
});
