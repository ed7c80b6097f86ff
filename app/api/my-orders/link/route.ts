import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requestSignInLink, SIGN_IN_LIMITS } from '@/lib/buyers/sign-in';
import { getDb } from '@/lib/db/client';
import { enforceRateLimit } from '@/lib/api/rate-limit';
import { myOrdersLinkSchema } from '@/lib/validations/my-orders';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/my-orders/link` `{email, locale}`: mails a sign-in link to the address if it has orders. Always 202
 * `{accepted: true}`, whether it has or not: the answer tells nobody who bought.
 */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  await enforceRateLimit(request, SIGN_IN_LIMITS.linkPerAddress, db);
  const input = validate(myOrdersLinkSchema, await readJson(request));
  await requestSignInLink(db, input);
  return NextResponse.json({ accepted: true }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
});
