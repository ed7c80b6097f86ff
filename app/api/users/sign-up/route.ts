import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readJson, validate } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { createUser } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';
import { signUpSchema } from '@/lib/validations/users';

export const dynamic = 'force-dynamic';

/** `POST /api/users/sign-up`: a new staff user with a role and an initial password to change at first sign-in. */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, 'USER_WRITE');
  const input = validate(signUpSchema, await readJson(request));
  return NextResponse.json(await createUser(db, principal, input), { status: 201 });
});
