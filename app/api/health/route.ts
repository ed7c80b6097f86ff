import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { errorResponse } from '@/lib/api/errors';
import { isDatabaseReachable } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

export const GET = apiHandler(async () => {
  if (!(await isDatabaseReachable())) return errorResponse('UNAVAILABLE', 'The database is unreachable');
  return NextResponse.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
});
