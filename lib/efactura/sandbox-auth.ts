import 'server-only';

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { ApiError } from '@/lib/api/errors';
import { readBodyBytes } from '@/lib/api/request';
import type { Db } from '@/lib/db/client';
import { generatedSecret } from '@/lib/db/generated-secrets';
import type { AnafCredentials } from './anaf/client';

/**
 * The e-Factura sandbox's OAuth2, as logincert.anaf.ro's: one registered application (client id and secret) and one
 * refresh token, generated once into the `settings` table so that every server of one database agrees, and access
 * tokens the sandbox signs itself (HS256 JWTs, as ANAF's `token_content_type=jwt`, with a secret also kept in
 * `settings`), good for an hour. `upload`, `stareMesaj` and `descarcare` take only a token it signed and that has
 * not expired; anything else is answered 401 `invalid_token`, as ANAF's API gateway answers it.
 */

/** How long an access token is good for (ANAF's last 90 days; an hour makes the client's renewal run daily). */
export const SANDBOX_TOKEN_SECONDS = 3600;
/** The token endpoint's form is three short fields: nothing bigger is read. */
const TOKEN_BODY_BYTES = 4 * 1024;
const ISSUER = 'efactura-sandbox';

const SETTING = {
  clientId: 'efacturaSandbox.clientId',
  clientSecret: 'efacturaSandbox.clientSecret',
  refreshToken: 'efacturaSandbox.refreshToken',
  signingKey: 'efacturaSandbox.tokenKey',
} as const;

/** ANAF's client ids and secrets are hex strings; the sandbox's look alike. */
const hex = (bytes: number) => () => randomBytes(bytes).toString('hex');

/** The sandbox's own registered application and refresh token: what the shop's client presents at `/token`. */
export async function sandboxCredentials(db: Db): Promise<AnafCredentials> {
  const [clientId, clientSecret, refreshToken] = await Promise.all([
    generatedSecret(db, SETTING.clientId, hex(24)),
    generatedSecret(db, SETTING.clientSecret, hex(32)),
    generatedSecret(db, SETTING.refreshToken),
  ]);
  return { clientId, clientSecret, refreshToken };
}

const signingKey = async (db: Db) => new TextEncoder().encode(await generatedSecret(db, SETTING.signingKey));

/** Equal strings, compared in constant time (their digests, so that the length tells nothing either). */
const same = (given: string | null | undefined, expected: string) =>
  given !== null &&
  given !== undefined &&
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

/** RFC 6749 §5.2, the error answer of an OAuth2 token endpoint. */
const oauthError = (status: number, error: string, description: string, headers: HeadersInit = {}) =>
  Response.json({ error, error_description: description }, { status, headers });

/** RFC 6749 §2.3.1 form-encodes the id and secret before Basic; one that does not decode is taken as it is. */
const formDecoded = (value: string) => new URLSearchParams(`v=${value}`).get('v') ?? value;

/** The client's id and secret: HTTP Basic (RFC 6749 §2.3.1) or, as the shop's client sends them, in the form. */
function clientOf(request: Request, form: URLSearchParams) {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  if (basic) {
    const [id = '', ...secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
    return { id: formDecoded(id), secret: formDecoded(secret.join(':')) };
  }
  return { id: form.get('client_id'), secret: form.get('client_secret') };
}

/**
 * `POST /token`: the refresh-token grant (a form body of a few hundred bytes, refused 413 above 4 KB before it is
 * read). A wrong client id or secret is 401 `invalid_client`, a wrong refresh token 400 `invalid_grant`, another
 * grant 400 `unsupported_grant_type`; otherwise a signed access token good for an hour.
 */
export async function sandboxToken(db: Db, request: Request, now = new Date()): Promise<Response> {
  let body: Uint8Array;
  try {
    body = await readBodyBytes(request, TOKEN_BODY_BYTES);
  } catch (error) {
    if (error instanceof ApiError)
      return oauthError(413, 'invalid_request', `The body exceeds ${TOKEN_BODY_BYTES} bytes`);
    throw error;
  }
  const form = new URLSearchParams(Buffer.from(body).toString('utf8'));
  const credentials = await sandboxCredentials(db);
  const client = clientOf(request, form);
  if (!same(client.id, credentials.clientId) || !same(client.secret, credentials.clientSecret))
    return oauthError(401, 'invalid_client', 'Bad client credentials', {
      'www-authenticate': 'Basic realm="oauth2/client"',
    });
  if (form.get('grant_type') !== 'refresh_token')
    return oauthError(400, 'unsupported_grant_type', 'Only the refresh_token grant is supported');
  if (!same(form.get('refresh_token'), credentials.refreshToken))
    return oauthError(400, 'invalid_grant', 'Invalid refresh token');
  const issuedAt = Math.floor(now.getTime() / 1000);
  const accessToken = await new SignJWT({ scope: 'e-factura' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(ISSUER)
    .setSubject(credentials.clientId)
    .setJti(randomBytes(12).toString('base64url'))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SANDBOX_TOKEN_SECONDS)
    .sign(await signingKey(db));
  return Response.json(
    {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: SANDBOX_TOKEN_SECONDS,
      refresh_token: credentials.refreshToken,
      scope: 'e-factura',
    },
    { headers: { 'cache-control': 'no-store' } },
  );
}

/**
 * Null when the request carries an access token the sandbox signed and that has not expired at `now`; otherwise the
 * 401 `invalid_token` answer (RFC 6750 §3.1), as ANAF's API gives it for a missing, foreign or expired token.
 */
export async function sandboxTokenRefusal(
  db: Db,
  request: Request,
  now = new Date(),
): Promise<Response | null> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const refuse = (description: string) =>
    oauthError(401, 'invalid_token', description, {
      'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
    });
  if (!bearer) return refuse('Full authentication is required to access this resource');
  const key = await signingKey(db);
  try {
    await jwtVerify(bearer, key, {
      issuer: ISSUER,
      audience: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: 0,
    });
    return null;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_JWT_EXPIRED') return refuse('Access token expired');
    return refuse('Invalid access token');
  }
}
