import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';

export const dynamic = 'force-dynamic';

/** Liveness: the process runs and answers, without asking the database (a restart would not bring it back). */
export const GET = apiHandler(async () =>
  NextResponse.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } }),
);
