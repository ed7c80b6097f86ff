import 'server-only';

import { getConfig } from '@/lib/config/env';
import { cookieOf } from '@/lib/orders/document-access';
import { BUYER_SESSION_TTL_MS } from './my-orders-rules';

/** The cookie of a buyer's session (lib/buyers/sign-in.ts): `{id}.{secret}`, httpOnly, a day long. */
export const BUYER_SESSION_COOKIE = 'buyerSession';

const isSecure = (request: Request) =>
  new URL(request.url).protocol === 'https:' || getConfig().siteUrl.startsWith('https:');

/**
 * The Set-Cookie of a session: httpOnly (no script reads it), Secure over https, SameSite=Lax (a link from the
 * e-mail opens the page signed in, another site's form posts without it), the whole site, `maxAgeSeconds` long (0
 * deletes it). Strictly necessary, like the cart: no consent is asked.
 */
export function buyerSessionCookie(
  request: Request,
  value: string,
  maxAgeSeconds = BUYER_SESSION_TTL_MS / 1000,
) {
  return [
    `${BUYER_SESSION_COOKIE}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${Math.floor(maxAgeSeconds)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(isSecure(request) ? ['Secure'] : []),
  ].join('; ');
}

/** The session cookie's value in a request, if it carries one. */
export const buyerSessionOf = (request: Request) => cookieOf(request, BUYER_SESSION_COOKIE);
