import 'server-only';

import { eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/client';
import { rolePermissions, users } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import type { Authority } from './permissions';
import { verifyToken, type VerifiedToken } from './tokens';

export interface Principal {
  id: string;
  /** The token this request was signed in with (POST /api/logout revokes it). */
  token: VerifiedToken;
  username: string;
  role: string;
  authorities: string[];
  mustChangePassword: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signed-in user of a secured request, checked on the server whatever the client shows
 * (docs/architecture.md, The back-office): 401 without a valid token (missing, tampered, expired, revoked by a password
 * change or reset, or of a removed user). A user holding a temporary password may do nothing but change it (403),
 * unless `duringPasswordChange`.
 */
export async function authenticate(
  db: Db,
  request: Request,
  { duringPasswordChange = false }: { duringPasswordChange?: boolean } = {},
): Promise<Principal> {
  const token = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  const claims = token ? await verifyToken(db, token) : null;
  const [user] =
    claims && UUID.test(claims.sub) ? await db.select().from(users).where(eq(users.id, claims.sub)) : [];
  if (!user || !claims || user.tokenVersion !== claims.ver) {
    throw new ApiError('UNAUTHORIZED', 'Sign in to continue');
  }
  if (user.mustChangePassword && !duringPasswordChange) {
    logger.warn(
      { userId: user.id, path: new URL(request.url).pathname },
      'forbidden: temporary password not changed yet',
    );
    throw new ApiError('FORBIDDEN', 'Change your temporary password first');
  }
  const granted = await db
    .select({ authority: rolePermissions.authority })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleName, user.roleName));
  return {
    id: user.id,
    token: claims,
    username: user.username,
    role: user.roleName,
    authorities: granted.map((row) => row.authority),
    mustChangePassword: user.mustChangePassword,
  };
}

/** `authenticate`, then 403 unless the user's role grants `authority`. */
export async function requireAuthority(db: Db, request: Request, authority: Authority): Promise<Principal> {
  const principal = await authenticate(db, request);
  if (!principal.authorities.includes(authority)) {
    logger.warn(
      { userId: principal.id, authority, path: new URL(request.url).pathname },
      'forbidden: missing authority',
    );
    throw new ApiError('FORBIDDEN', `This needs the ${authority} permission`);
  }
  return principal;
}
