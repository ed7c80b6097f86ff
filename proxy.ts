import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { APP_MODE_COOKIE, APP_MODE_QUERY, isAppUserAgent } from './lib/consent';
import { FAQ_CATEGORY_KEYS, resolveFaqAnchor } from './lib/faq/structure';
import { locales, routing } from './lib/i18n/routing';
import { REQUEST_ID_HEADER, requestIdFrom } from './lib/log/request-id';

const handleLocaleRouting = createMiddleware(routing);

/** Areas outside the localized shop: the API, the back-office, and the sandbox provider's hosted pages. */
const UNLOCALIZED_AREAS = ['/api', '/admin', '/sandbox-pay'];
const isUnlocalized = (pathname: string) =>
  UNLOCALIZED_AREAS.some((area) => pathname === area || pathname.startsWith(`${area}/`));

const firstSegment = (pathname: string) => pathname.split('/')[1] ?? '';

function route(request: NextRequest, requestId: string): NextResponse {
  const { pathname } = request.nextUrl;
  if (isUnlocalized(pathname)) {
    const headers = new Headers(request.headers);
    headers.set(REQUEST_ID_HEADER, requestId);
    return NextResponse.next({ request: { headers } });
  }
  // Spec §2: a path without a valid language prefix goes to the Romanian not-found page.
  if (pathname !== '/' && !(locales as readonly string[]).includes(firstSegment(pathname))) {
    return NextResponse.redirect(new URL('/ro/404', request.url));
  }
  // Spec §2: an unknown FAQ anchor selects the first category; one address for it keeps the page cache bounded.
  const faq = /^\/([a-z]{2})\/faq\/(.+)$/.exec(pathname);
  if (faq && !resolveFaqAnchor(faq[2]).exact) {
    return NextResponse.redirect(new URL(`/${faq[1]}/faq/${FAQ_CATEGORY_KEYS[0]}`, request.url));
  }
  return handleLocaleRouting(request);
}

export default function proxy(request: NextRequest) {
  const requestId = requestIdFrom(request.headers);
  const response = route(request, requestId);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  // Mobile-app mode is remembered for the visit; the page's own head script reads the same cookie.
  if (request.nextUrl.searchParams.get(APP_MODE_QUERY) === '1' || isAppUserAgent(request.headers.get('user-agent'))) {
    response.cookies.set(APP_MODE_COOKIE, '1', { path: '/', sameSite: 'lax' });
  }
  return response;
}

export const config = {
  // Everything but Next's own assets and files with an extension (images, icons, /assets/*.json, sitemap.xml).
  matcher: ['/((?!_next|.*\\..*).*)'],
};
