/**
 * How long a shared cache (the documented nginx, a CDN) may keep an answer of the shop (docs/decisions/0025-*.md).
 *
 * Next marks its prerendered and ISR pages for shared caches with the page's own revalidation time
 * (`s-maxage=3600, stale-while-revalidate=…`), and next.config cannot change that header for pages. The shop's
 * pages change at once when the catalog does (lib/catalog/page-revalidation.ts): a cache keeping them an hour would
 * show an old price for an hour. So the answers Next marks so are given a few seconds instead; the rest keep their
 * own header, and nothing a back-office, an API or a signed-in member of staff is answered may be kept at all.
 */

/** A public page is fresh in a shared cache this long, then served stale while one request fetches it again. */
export const PUBLIC_PAGE_SHARED_CACHE = { freshSeconds: 5, staleWhileRevalidateSeconds: 25 } as const;

/**
 * The longest a visitor behind a shared cache that honours the header can see a page older than the server's:
 * a price change reaches every visitor within this (plus the time the servers take to hear of it).
 */
export const PUBLIC_PAGE_SHARED_CACHE_BOUND_SECONDS =
  PUBLIC_PAGE_SHARED_CACHE.freshSeconds + PUBLIC_PAGE_SHARED_CACHE.staleWhileRevalidateSeconds;

export const PUBLIC_PAGE_CACHE_CONTROL = `s-maxage=${PUBLIC_PAGE_SHARED_CACHE.freshSeconds}, stale-while-revalidate=${PUBLIC_PAGE_SHARED_CACHE.staleWhileRevalidateSeconds}`;

/** Next's own header for what no cache may keep (its dynamic pages send the same). */
export const UNCACHEABLE_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';

/** The back-office and the API: never kept by a shared cache, whatever their header says. */
export const isPrivateArea = (pathname: string) =>
  ['/admin', '/api'].some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

export interface AnswerForSharedCache {
  pathname: string;
  /** The Cache-Control the answer carries so far, if any. */
  cacheControl: string | undefined;
  /** Whether the answer sets a cookie. */
  setsCookie: boolean;
  /** Whether the request carries a member of staff's credentials (an `Authorization` header). */
  fromStaff: boolean;
}

/**
 * The Cache-Control to send instead of the answer's own, or undefined to keep it. Only an answer Next marked for
 * shared caches (`s-maxage`) is changed: a public page gets {@link PUBLIC_PAGE_CACHE_CONTROL}; one of the
 * back-office or the API, one that sets a cookie, or one for a member of staff gets
 * {@link UNCACHEABLE_CACHE_CONTROL}. Dynamic pages already say no-store, and API answers name their own lifetime
 * for browsers (`public, max-age=60`), which the documented nginx does not keep either (docs/deploy/nginx-site.conf).
 */
export function sharedCacheControl(answer: AnswerForSharedCache): string | undefined {
  if (!answer.cacheControl || !/(?:^|[\s,])s-maxage=/i.test(answer.cacheControl)) return undefined;
  if (isPrivateArea(answer.pathname) || answer.setsCookie || answer.fromStaff)
    return UNCACHEABLE_CACHE_CONTROL;
  return PUBLIC_PAGE_CACHE_CONTROL;
}
