import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { listTopUpOperators } from '@/lib/topups/catalog';

export const dynamic = 'force-dynamic';

/** `GET /api/eps/utils/operators`: the operators on sale and their products (docs/api.md, Top-ups). */
export const GET = apiHandler(async () =>
  NextResponse.json(await listTopUpOperators(await getDb()), {
    headers: { 'Cache-Control': 'public, max-age=60' },
  }),
);
