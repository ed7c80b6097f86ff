import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { authenticate, requireAuthority } from '@/lib/auth/guard';
import { findUserView, removeUser } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';
import { userIdQuerySchema, usernameQuerySchema } from '@/lib/validations/users';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/users/user?username=`: a user with their role and permissions (docs/screens.md, Back-office session: the
 * client's principal). Anyone signed in may read themselves, even before changing a temporary password; others need
 * USER_READ.
 */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  const { username } = readQuery(request, usernameQuerySchema);
  const principal = await authenticate(db, request, { duringPasswordChange: true });
  if (principal.username !== username) await requireAuthority(db, request, 'USER_READ');
  const user = await findUserView(db, username);
  if (!user) throw new ApiError('NOT_FOUND', 'There is no such user');
  return NextResponse.json(user, { headers: { 'Cache-Control': 'no-store' } });
});

/** `DELETE /api/users/user?uuid=`: removes a user; 409 for oneself or the last admin (USER_WRITE). */
export const DELETE = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, 'USER_WRITE');
  const { uuid } = readQuery(request, userIdQuerySchema);
  await removeUser(db, principal, uuid);
  return new NextResponse(null, { status: 204 });
});
