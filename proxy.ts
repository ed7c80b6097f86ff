import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './lib/i18n/routing';
import { REQUEST_ID_HEADER, requestIdFrom } from './lib/log/request-id';

const handleLocaleRouting = createMiddleware(routing);

const isUnlocalized = (pathname: string) =>
  pathname.startsWith('/api/') || pathname === '/admin' || pathname.startsWith('/admin/');

export default function proxy(request: NextRequest) {
  const requestId = requestIdFrom(request.headers);
  let response: NextResponse;
  if (isUnlocalized(request.nextUrl.pathname)) {
    const headers = new Headers(request.headers);
    headers.set(REQUEST_ID_HEADER, requestId);
    response = NextResponse.next({ request: { headers } });
  } else {
    response = handleLocaleRouting(request);
  }
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

export const config = {
  // Everything but Next's own assets and files with an extension (images, icons, /assets/*.json).
  matcher: ['/((?!_next|.*\\..*).*)'],
};
