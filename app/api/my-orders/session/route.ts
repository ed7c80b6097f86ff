import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { buyerSessionCookie, buyerSessionOf } from '@/lib/buyers/session-cookie';
import { endBuyerSession, redeemSignInLink, SIGN_IN_LIMITS } from '@/lib/buyers/sign-in';
import { getDb } from '@/lib/db/client';
import { enforceRateLimit } from '@/lib/api/rate-limit';
import { myOrdersSessionSchema } from '@/lib/validations/my-orders';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/my-orders/session` `{token}`: redeems a sign-in link (once, within 30 minutes) and opens a day-long
 * session in a cookie. 201 `{email, expiresAt}`; 404 for no such link, 410 for one used or expired.
 */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  await enforceRateLimit(request, SIGN_IN_LIMITS.session, db);
  const { token } = validate(myOrdersSessionSchema, await readJson(request));
  const session = await redeemSignInLink(db, token);
  return NextResponse.json(
    { email: session.email, expiresAt: session.expiresAt.toISOString() },
    {
      status: 201,
      headers: { 'Set-Cookie': buyerSessionCookie(request, session.token), 'Cache-Control': 'no-store' },
    },
  );
});

/** `DELETE /api/my-orders/session`: ends the browser's session and deletes its cookie. 204, with or without one. */
export const DELETE = apiHandler(async (request) => {
  const db = await getDb();
  await enforceRateLimit(request, SIGN_IN_LIMITS.session, db);
  await endBuyerSession(db, buyerSessionOf(request));
  return new NextResponse(null, {
    status: 204,
    headers: { 'Set-Cookie': buyerSessionCookie(request, '', 0) },
  });
});
