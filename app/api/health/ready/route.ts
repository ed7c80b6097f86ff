import { NextResponse } from 'next/server';
import { apiHandler, databaseUnavailableResponse } from '@/lib/api/handler';
import { isDatabaseReachable } from '@/lib/db/client';
import { isShuttingDown } from '@/lib/server/shutdown';

export const dynamic = 'force-dynamic';

/** Readiness: send this server traffic only while its database answers and it is not shutting down. */
export const GET = apiHandler(async () => {
  if (isShuttingDown()) return databaseUnavailableResponse('The server is shutting down');
  if (!(await isDatabaseReachable())) return databaseUnavailableResponse('The database is unreachable');
  return NextResponse.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
});
