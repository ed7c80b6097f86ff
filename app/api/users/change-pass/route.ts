import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { authenticate } from '@/lib/auth/guard';
import { changePassword } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';
import { changePasswordSchema } from '@/lib/validations/users';

export const dynamic = 'force-dynamic';

/** `POST /api/users/change-pass`: one's own new password; the answer's `Authorization` carries the new token. */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await authenticate(db, request, { duringPasswordChange: true });
  const input = validate(changePasswordSchema, await readJson(request));
  const { token } = await changePassword(db, principal, input);
  return NextResponse.json(
    { username: principal.username, mustChangePassword: false },
    { headers: { Authorization: `Bearer ${token}`, 'Cache-Control': 'no-store' } },
  );
});
