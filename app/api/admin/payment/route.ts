import { NextResponse } from 'next/server';
import { listTransactions, markTransactionActive } from '@/lib/admin/transactions';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { readJson, readQuery, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { ACTION_AUTHORITIES } from '@/lib/auth/permissions';
import { getDb } from '@/lib/db/client';
import { markActiveSchema, transactionListQuerySchema } from '@/lib/validations/admin-transactions';

export const dynamic = 'force-dynamic';

/** `GET /api/admin/payment`: one page of transactions, filtered, searched and sorted (PAYMENT_READ). */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'PAYMENT_READ');
  const query = readQuery(request, transactionListQuerySchema);
  return NextResponse.json(await listTransactions(db, query), { headers: { 'Cache-Control': 'no-store' } });
});

/** `PATCH /api/admin/payment` `{id, active}`: marks a transaction active, or undoes it (PAYMENT_WRITE). */
export const PATCH = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, ACTION_AUTHORITIES.markActive);
  const { id, active } = validate(markActiveSchema, await readJson(request));
  const item = await markTransactionActive(db, principal, id, active);
  if (!item) throw new ApiError('NOT_FOUND', `There is no order ${id}`);
  return NextResponse.json(item, { headers: { 'Cache-Control': 'no-store' } });
});
