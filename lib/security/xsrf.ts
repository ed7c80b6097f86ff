/**
 * Anti-forgery by double submit (docs/decisions/0010-anti-forgery-double-submit.md): an API or back-office answer to a
 * browser without an `XSRF-TOKEN` cookie sets one (a public page never does: shared caches would not store it); every non-GET `/api` call must echo it in `X-XSRF-TOKEN`, which another
 * site's page cannot read. The payment provider's notifications and the sandbox provider's own pages are exempt: a
 * signature is their proof. So are the e-Factura, vignette issuer and top-up sandboxes, machine APIs like ANAF's, an
 * issuer gateway's and Reloadly's: a bearer token is their proof, and they answer 404 unless they are the configured
 * provider of a shop that is not live.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** As the browser client sends it; header names are case-insensitive, so the check accepts any spelling. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const EXEMPT_PREFIXES = [
  '/api/payments/',
  '/api/efactura-sandbox/',
  '/api/issuer-sandbox/',
  '/api/topup-sandbox/',
  // RFC 8058's one-click unsubscribe: a mail client posts with no cookie; the reminder's signed token is the proof.
  '/api/reminders/unsubscribe',
];

/** The address the browser's client asks for the cookie before its first non-GET call, when it has none yet. */
export const XSRF_TOKEN_PATH = '/api/xsrf-token';

/**
 * Whether an answer to `pathname` hands out the cookie when the request had none: the API (the client's first call)
 * and the back-office, whose forms all post. Public pages stay free of `Set-Cookie`, so a shared cache can keep them.
 */
export const issuesXsrfCookie = (pathname: string) =>
  pathname === '/api' ||
  pathname.startsWith('/api/') ||
  pathname === '/admin' ||
  pathname.startsWith('/admin/');

export const needsXsrfCheck = (method: string, pathname: string) =>
  pathname.startsWith('/api/') &&
  !SAFE_METHODS.has(method) &&
  !EXEMPT_PREFIXES.some((prefix) => pathname.startsWith(prefix));

/** Compares in time independent of where the strings differ. */
export function sameToken(cookie: string | undefined, header: string | null): boolean {
  if (!cookie || !header || cookie.length !== header.length) return false;
  let difference = 0;
  for (let index = 0; index < cookie.length; index++)
    difference |= cookie.charCodeAt(index) ^ header.charCodeAt(index);
  return difference === 0;
}

export const newXsrfToken = () => crypto.randomUUID();
