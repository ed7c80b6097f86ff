import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { clientAddress, readJson, validate } from '@/lib/api/request';
import { signIn } from '@/lib/auth/sign-in';
import { getDb } from '@/lib/db/client';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';
import { loginSchema } from '@/lib/validations/users';

export const dynamic = 'force-dynamic';

/**
 * `POST /api/login`: the token in the `Authorization` header (docs/api.md, Staff); 401 for any wrong pair, 429 while
 * throttled.
 */
export const POST = apiHandler(async (request) => {
  await enforceRateLimit(request, RATE_LIMITS.signIn);
  const credentials = validate(loginSchema, await readJson(request));
  const signedIn = await signIn(await getDb(), { ...credentials, address: clientAddress(request) });
  return NextResponse.json(
    { username: signedIn.username, mustChangePassword: signedIn.mustChangePassword },
    { headers: { Authorization: `Bearer ${signedIn.token}`, 'Cache-Control': 'no-store' } },
  );
});
