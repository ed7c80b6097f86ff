import { createHash } from 'node:crypto';
import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { errorBody } from './lib/api/errors';
import { allowsMethod, apiRouteMethods } from './lib/api/routes';
import { getConfig, loopbackOrigin } from './lib/config/env';
import { APP_MODE_COOKIE, APP_MODE_QUERY, HEAD_SCRIPT, isAppUserAgent } from './lib/consent';
import { FAQ_CATEGORY_KEYS, resolveFaqAnchor } from './lib/faq/structure';
import { locales, routing } from './lib/i18n/routing';
import { logger } from './lib/log/logger';
import { REQUEST_ID_HEADER, requestIdFrom } from './lib/log/request-id';
import { lookUpOrder, ORDER_LOOKUP_HEADER, orderPageAddress } from './lib/orders/order-lookup';
import { contentSecurityPolicy, isBackOfficePage, needsNoncePolicy } from './lib/security/headers.mjs';
import { isForgedPeerStamp, PEER_ADDRESS_HEADER, PEER_FOR_HEADER } from './lib/security/peer-address';
import { answersPath } from './lib/server/jobs-mode';
import {
  issuesXsrfCookie,
  needsXsrfCheck,
  newXsrfToken,
  sameToken,
  XSRF_COOKIE,
  XSRF_HEADER,
} from './lib/security/xsrf';

const handleLocaleRouting = createMiddleware(routing);

/** The header by which Next's client calls a Server Action. */
const SERVER_ACTION_HEADER = 'next-action';

/** Areas outside the localized shop: the API, the back-office, and the sandbox provider's hosted pages. */
const UNLOCALIZED_AREAS = ['/api', '/admin', '/sandbox-pay'];
const isUnlocalized = (pathname: string) =>
  UNLOCALIZED_AREAS.some((area) => pathname === area || pathname.startsWith(`${area}/`));

const firstSegment = (pathname: string) => pathname.split('/')[1] ?? '';

/** The request's headers for what runs behind the proxy: its id added, a client's copy of the peer stamp removed. */
function forwardedHeaders(request: NextRequest, requestId: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  // The same for a visitor's stamp, which only the shop passes on to itself (lib/orders/order-lookup.ts).
  for (const name of [PEER_ADDRESS_HEADER, PEER_FOR_HEADER])
    if (isForgedPeerStamp(headers.get(name))) headers.delete(name);
  return headers;
}

/** The shop layout's inline head script, allowed by its hash where a nonce policy applies (it has no nonce). */
const HEAD_SCRIPT_HASH = `sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}`;

/**
 * The nonce policy of a page rendered per request (lib/security/headers.mjs, `needsNoncePolicy`): put on the page's
 * request, where Next reads the nonce and puts it on every script it renders, and returned for the answer.
 */
function noncePolicy(pathname: string, headers: Headers): string | undefined {
  if (!needsNoncePolicy(pathname)) return undefined;
  const policy = contentSecurityPolicy(process.env, {
    nonce: btoa(crypto.randomUUID()),
    hashes: isBackOfficePage(pathname) ? [] : [HEAD_SCRIPT_HASH],
  });
  headers.set('content-security-policy', policy);
  return policy;
}

async function route(request: NextRequest, requestId: string): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  if (isUnlocalized(pathname)) {
    const headers = forwardedHeaders(request, requestId);
    // The back-office's policy allows only this answer's scripts (the pages under /admin are rendered per request).
    const policy = isBackOfficePage(pathname) ? noncePolicy(pathname, headers) : undefined;
    const response = NextResponse.next({ request: { headers } });
    if (policy) response.headers.set('Content-Security-Policy', policy);
    return response;
  }
  // docs/screens.md, Routes: a path without a valid language prefix goes to the Romanian not-found page.
  if (pathname !== '/' && !(locales as readonly string[]).includes(firstSegment(pathname))) {
    return NextResponse.redirect(new URL('/ro/404', request.url));
  }
  // docs/screens.md, FAQ: an unknown FAQ anchor selects the first category; one address for it keeps the page cache
  // bounded.
  const faq = /^\/([a-z]{2})\/faq\/(.+)$/.exec(pathname);
  if (faq && !resolveFaqAnchor(faq[2]).exact) {
    return NextResponse.redirect(new URL(`/${faq[1]}/faq/${FAQ_CATEGORY_KEYS[0]}`, request.url));
  }
  // The request id on the page's request too: a page that fails logs it (lib/log/page-failure.ts).
  const headers = forwardedHeaders(request, requestId);
  headers.delete(ORDER_LOOKUP_HEADER);
  const orderPage = orderPageAddress(pathname);
  if (orderPage) {
    // A dynamic page's status is sent before it has read its order: an order that does not exist is looked up here
    // first, over loopback, and answered with the not-found page and 404 (docs/decisions/0018).
    // On the visitor's behalf: the look-up is the one order read the page counts against their address.
    const lookup = await lookUpOrder(orderPage.encodedId, { origin: loopbackOrigin(), client: headers });
    if (lookup === 'missing') {
      // The prerendered not-found page: its inline scripts carry no nonce, so it keeps the static policy.
      const notFound = NextResponse.rewrite(new URL(`/${orderPage.locale}/404`, request.url));
      notFound.headers.set('Content-Security-Policy', contentSecurityPolicy(process.env));
      return notFound;
    }
    // The page shows a visitor over the limit, or a database found away, the shop's own error page (429 or 503).
    if (lookup === 'limited' || lookup === 'unavailable') headers.set(ORDER_LOOKUP_HEADER, lookup);
  }
  // The order and payment outcome pages are rendered per request: the back-office's nonce policy, not 'unsafe-inline'.
  const policy = noncePolicy(pathname, headers);
  const response = handleLocaleRouting(new NextRequest(request, { headers }));
  if (policy) response.headers.set('Content-Security-Policy', policy);
  return response;
}

function refusedForgery(request: NextRequest, requestId: string): NextResponse | null {
  if (!needsXsrfCheck(request.method, request.nextUrl.pathname)) return null;
  if (sameToken(request.cookies.get(XSRF_COOKIE)?.value, request.headers.get(XSRF_HEADER))) return null;
  // Logged like the other refusals (lib/auth/guard.ts): the path, never the query, the cookie or the token.
  logger.warn(
    { requestId, method: request.method, path: request.nextUrl.pathname },
    'forbidden: anti-forgery token missing or wrong',
  );
  return NextResponse.json(
    {
      error: {
        code: 'FORBIDDEN',
        message: `Send the ${XSRF_COOKIE} cookie's value in the ${XSRF_HEADER} header`,
      },
    },
    { status: 403 },
  );
}

/** What a page takes: it is read, never posted to (the shop's forms send to /api, its payment returns come to /api). */
const PAGE_METHODS = ['GET', 'HEAD'];

/**
 * A method the address does not take: 405 in the JSON error shape, naming the ones it takes. An API route's are its
 * own (Next's own answer names none); a page's are GET and HEAD: a form posted to a page would reach Next's Server
 * Action handler, which the shop does not use and which logs every such request as an error.
 */
function refusedMethod(request: NextRequest): NextResponse | null {
  const { pathname } = request.nextUrl;
  if (!pathname.startsWith('/api/')) {
    if (PAGE_METHODS.includes(request.method)) return null;
    return NextResponse.json(errorBody('METHOD_NOT_ALLOWED', `A page takes ${PAGE_METHODS.join(', ')}`), {
      status: 405,
      headers: { Allow: PAGE_METHODS.join(', '), 'Cache-Control': 'no-store' },
    });
  }
  if (allowsMethod(pathname, request.method)) return null;
  const allowed = apiRouteMethods(pathname) ?? [];
  return NextResponse.json(errorBody('METHOD_NOT_ALLOWED', `This address takes ${allowed.join(', ')}`), {
    status: 405,
    headers: { Allow: [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ') },
  });
}

/** A job-only process (JOBS=only, `npm run worker`) answers its health checks and metrics, and 404 to the rest. */
function refusedOnWorker(request: NextRequest): NextResponse | null {
  if (answersPath(getConfig().JOBS, request.nextUrl.pathname)) return null;
  return NextResponse.json(errorBody('NOT_FOUND', 'This process runs background jobs only'), {
    status: 404,
    headers: { 'Cache-Control': 'no-store' },
  });
}

/**
 * The shop has no Server Actions: a request naming one (Next's `Next-Action` header, sent by no page of the shop) is
 * answered here, 404 in the JSON error shape, instead of reaching Next's action handler, which logs every unknown
 * action as an error.
 */
function refusedServerAction(request: NextRequest): NextResponse | null {
  if (!request.headers.has(SERVER_ACTION_HEADER)) return null;
  return NextResponse.json(errorBody('NOT_FOUND', 'This shop has no server actions'), {
    status: 404,
    headers: { 'Cache-Control': 'no-store' },
  });
}

export default async function proxy(request: NextRequest) {
  const requestId = requestIdFrom(request.headers);
  const response =
    refusedOnWorker(request) ??
    refusedServerAction(request) ??
    refusedMethod(request) ??
    refusedForgery(request, requestId) ??
    (await route(request, requestId));
  response.headers.set(REQUEST_ID_HEADER, requestId);
  if (!request.cookies.has(XSRF_COOKIE) && issuesXsrfCookie(request.nextUrl.pathname)) {
    // Read by the page's scripts (not httpOnly); lives for the browser session.
    response.cookies.set(XSRF_COOKIE, newXsrfToken(), {
      path: '/',
      sameSite: 'lax',
      secure: request.nextUrl.protocol === 'https:',
    });
  }
  // Mobile-app mode is remembered for the visit; the page's own head script reads the same cookie.
  if (
    request.nextUrl.searchParams.get(APP_MODE_QUERY) === '1' ||
    isAppUserAgent(request.headers.get('user-agent'))
  ) {
    response.cookies.set(APP_MODE_COOKIE, '1', { path: '/', sameSite: 'lax' });
  }
  return response;
}

export const config = {
  // Everything but Next's own assets and files with an extension (images, icons, /assets/*.json, sitemap.xml); the
  // API always, even an address with a dot (`/api/orders/x.json`), so its methods and anti-forgery are checked; and
  // the order pages always, so that an id with a dot is answered 404 like any other that is no order.
  matcher: ['/((?!_next|.*\\..*).*)', '/api/:path*', '/:locale(ro|en|de|hu)/order/:path*'],
};
