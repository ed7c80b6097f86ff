import { NextResponse } from 'next/server';
import { errorResponse } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { clientAddress, readJson, validate } from '@/lib/api/request';
import { signIn, TooManyAttemptsError } from '@/lib/auth/sign-in';
import { getDb } from '@/lib/db/client';
import { loginSchema } from '@/lib/validations/users';

export const dynamic = 'force-dynamic';

/** `POST /api/login`: the token in the `Authorization` header (spec §4, §7); 401 for any wrong pair, 429 while locked. */
export const POST = apiHandler(async (request) => {
  const credentials = validate(loginSchema, await readJson(request));
  try {
    const signedIn = await signIn(await getDb(), { ...credentials, address: clientAddress(request) });
    return NextResponse.json(
      { username: signedIn.username, mustChangePassword: signedIn.mustChangePassword },
      { headers: { Authorization: `Bearer ${signedIn.token}`, 'Cache-Control': 'no-store' } },
    );
  } catch (error) {
    if (!(error instanceof TooManyAttemptsError)) throw error;
    return errorResponse(error.code, error.message, undefined, {
      headers: { 'Retry-After': String(error.retryAfterSeconds) },
    });
  }
});
