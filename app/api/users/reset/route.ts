import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { resetPassword } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';
import { userIdQuerySchema } from '@/lib/validations/users';

export const dynamic = 'force-dynamic';

/** `POST /api/users/reset?uuid=`: a temporary password, shown once; the user's tokens stop working (USER_WRITE). */
export const POST = apiHandler(async (request) => {
  const db = await getDb();
  const principal = await requireAuthority(db, request, 'USER_WRITE');
  const { uuid } = readQuery(request, userIdQuerySchema);
  return NextResponse.json(await resetPassword(db, principal, uuid), {
    headers: { 'Cache-Control': 'no-store' },
  });
});
