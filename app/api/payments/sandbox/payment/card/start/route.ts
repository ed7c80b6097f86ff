import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson } from '@/lib/api/request';
import { getConfig } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import { sandboxStart } from '@/lib/payments/sandbox/sandbox';

export const dynamic = 'force-dynamic';

/** The sandbox's `POST /payment/card/start` over HTTP, for clients other than this shop (the shop calls it in-process). */
export const POST = apiHandler(async (request) => {
  const answer = await sandboxStart(await getDb(), await readJson(request), getConfig().siteUrl);
  return NextResponse.json(answer.json, { status: answer.status });
});
