import { NextResponse } from 'next/server';
import { retryDeadMail } from '@/lib/admin/dead-mail';
import { apiHandler } from '@/lib/api/handler';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/admin/mail/retry`: every e-mail given up after its last try is tried again (PAYMENT_WRITE). 202
 * `{requeued}`: the outbox sends them.
 */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, 'PAYMENT_WRITE');
  const result = await retryDeadMail(db, principal);
  return NextResponse.json(result, { status: 202, headers: { 'Cache-Control': 'no-store' } });
});
