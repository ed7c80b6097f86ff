import 'server-only';

import { randomBytes, randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { getConfig } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { revokedTokens, settings } from '@/lib/db/schema';

/**
 * Staff tokens are short-lived (docs/architecture.md, Security): a lost laptop's session ends within a working morning.
 */
export const TOKEN_LIFETIME_SECONDS = 4 * 3600;
const ALGORITHM = 'HS256';
const ISSUER = 'road-partners-shop';
const SECRET_SETTING = 'auth.jwtSecret';

const cache = globalThis as unknown as { __roadJwtSecret?: Uint8Array };

/**
 * The signing secret: `JWT_SECRET`, else one generated once and kept in the database, so that every server of a
 * scaled-out shop signs and checks with the same key (a file in DATA_DIR would differ per server).
 */
export async function signingSecret(db: Db): Promise<Uint8Array> {
  if (cache.__roadJwtSecret) return cache.__roadJwtSecret;
  const configured = getConfig().JWT_SECRET;
  let secret = configured;
  if (!secret) {
    await db
      .insert(settings)
      .values({ key: SECRET_SETTING, value: randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    [{ value: secret } = { value: '' }] = await db
      .select()
      .from(settings)
      .where(eq(settings.key, SECRET_SETTING));
  }
  cache.__roadJwtSecret = new TextEncoder().encode(secret);
  return cache.__roadJwtSecret;
}

export interface TokenClaims {
  /** The user's id. */
  sub: string;
  /** The user's token version when it was issued: a password change or reset bumps it and so revokes the token. */
  ver: number;
}

/** A verified token: its claims, its own id and when it ends. */
export interface VerifiedToken extends TokenClaims {
  jti: string;
  expiresAt: Date;
}

export async function issueToken(db: Db, claims: TokenClaims, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ver: claims.ver })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setJti(randomUUID())
    .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
    .sign(await signingSecret(db));
}

/**
 * The claims of a valid token, or null: a bad signature, another algorithm, an expired, malformed or signed-out
 * token, or one without its expiry, issue time or id (every token this shop issues has them).
 */
export async function verifyToken(db: Db, token: string): Promise<VerifiedToken | null> {
  // The database is read outside the try: a database that is away is a 503, not a bad token (a 401 would sign the
  // staff out).
  const secret = await signingSecret(db);
  let claims: VerifiedToken;
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
      maxTokenAge: TOKEN_LIFETIME_SECONDS,
    });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || typeof payload.jti !== 'string')
      return null;
    claims = {
      sub: payload.sub,
      ver: payload.ver,
      jti: payload.jti,
      expiresAt: new Date(payload.exp! * 1000),
    };
  } catch {
    return null;
  }
  const [revoked] = await db.select().from(revokedTokens).where(eq(revokedTokens.jti, claims.jti));
  return revoked ? null : claims;
}

/** Signs a token out for good (`POST /api/logout`); rows of tokens past their expiry are removed on the way. */
export async function revokeToken(db: Db, token: VerifiedToken, now = new Date()): Promise<void> {
  await db.insert(revokedTokens).values({ jti: token.jti, expiresAt: token.expiresAt }).onConflictDoNothing();
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
}
