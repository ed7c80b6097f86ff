import { NextResponse } from 'next/server';
import { listInvoices } from '@/lib/admin/invoices';
import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { invoiceListQuerySchema } from '@/lib/validations/admin-transactions';

export const dynamic = 'force-dynamic';

/** `GET /api/admin/invoices?page=&size=&q=`: one page of invoices, newest first (INVOICE_READ). */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'INVOICE_READ');
  const query = readQuery(request, invoiceListQuerySchema);
  return NextResponse.json(await listInvoices(db, query), { headers: { 'Cache-Control': 'no-store' } });
});
