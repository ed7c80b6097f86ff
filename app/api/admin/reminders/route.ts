import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { reminderFigures } from '@/lib/reminders/expiry-reminders';
import { transactionRangeQuerySchema } from '@/lib/validations/admin-transactions';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/admin/reminders?from=&to=`: the expiry reminders sent on the range's days, and the paid orders placed on
 * them from a reminder's "buy the same again" link, with their buyers (PAYMENT_READ). The list's other filters do not
 * apply: a reminder is no order.
 */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'PAYMENT_READ');
  const { from, to } = readQuery(request, transactionRangeQuerySchema);
  return NextResponse.json(await reminderFigures(db, { from, to }), {
    headers: { 'Cache-Control': 'no-store' },
  });
});
