import { NextResponse } from 'next/server';
import { shopStatus } from '@/lib/admin/shop-status';
import { apiHandler } from '@/lib/api/handler';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/admin/shop-status`: live or sandbox, which product lines are closed and why, e-Factura, the e-mails given
 * up after every retry (PAYMENT_READ).
 */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'PAYMENT_READ');
  return NextResponse.json(await shopStatus(db), { headers: { 'Cache-Control': 'no-store' } });
});
