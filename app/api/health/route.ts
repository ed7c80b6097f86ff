import { NextResponse } from 'next/server';
import { apiHandler, databaseUnavailableResponse } from '@/lib/api/handler';
import { isDatabaseReachable } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

export const GET = apiHandler(async () => {
  if (!(await isDatabaseReachable())) return databaseUnavailableResponse('The database is unreachable');
  return NextResponse.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
});
