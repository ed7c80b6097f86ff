import { NextResponse } from 'next/server';
import { listAuditLog } from '@/lib/admin/audit';
import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { auditLogQuerySchema } from '@/lib/validations/admin-audit';

export const dynamic = 'force-dynamic';

/** `GET /api/admin/audit?user=&action=&from=&to=&page=&size=`: one page of the audit log, newest first (AUDIT_READ). */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'AUDIT_READ');
  const query = readQuery(request, auditLogQuerySchema);
  return NextResponse.json(await listAuditLog(db, query), { headers: { 'Cache-Control': 'no-store' } });
});
