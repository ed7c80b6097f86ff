import { NextResponse } from 'next/server';
import { dailySales } from '@/lib/admin/transactions';
import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { transactionRangeQuerySchema } from '@/lib/validations/admin-transactions';

export const dynamic = 'force-dynamic';

/** `GET /api/admin/payment/daily?from=&to=`: orders and money received per day of the range (PAYMENT_READ). */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'PAYMENT_READ');
  const query = readQuery(request, transactionRangeQuerySchema);
  return NextResponse.json(await dailySales(db, query), { headers: { 'Cache-Control': 'no-store' } });
});
