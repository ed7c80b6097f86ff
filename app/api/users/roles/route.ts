import { NextResponse } from 'next/server';
import { apiHandler } from '@/lib/api/handler';
import { requireAuthority } from '@/lib/auth/guard';
import { listRoles } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

/** `GET /api/users/roles`: the roles a new user can get, with their authorities (USER_READ). */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'USER_READ');
  return NextResponse.json(await listRoles(db), { headers: { 'Cache-Control': 'no-store' } });
});
