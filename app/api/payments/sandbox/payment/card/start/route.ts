import { NextResponse } from 'next/server';
import { readJson } from '@/lib/api/request';
import { getDb } from '@/lib/db/client';
import { sandboxRoute } from '@/lib/payment-provider/sandbox/http';
import { sandboxSite, sandboxStart } from '@/lib/payment-provider/sandbox/sandbox';

export const dynamic = 'force-dynamic';

/** The sandbox's `POST /payment/card/start` over HTTP, for clients other than this shop (the shop calls it in-process). */
export const POST = sandboxRoute(async (request) => {
  const answer = await sandboxStart(await getDb(), await readJson(request), sandboxSite());
  return NextResponse.json(answer.json, { status: answer.status });
});
