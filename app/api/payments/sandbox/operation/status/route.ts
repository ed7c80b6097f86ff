import { NextResponse } from 'next/server';
import { readJson } from '@/lib/api/request';
import { getDb } from '@/lib/db/client';
import { sandboxRoute } from '@/lib/payment-provider/sandbox/http';
import { sandboxStatus } from '@/lib/payment-provider/sandbox/sandbox';

export const dynamic = 'force-dynamic';

/** The sandbox's `POST /operation/status` over HTTP. */
export const POST = sandboxRoute(async (request) => {
  const answer = await sandboxStatus(await getDb(), await readJson(request));
  return NextResponse.json(answer.json, { status: answer.status });
});
