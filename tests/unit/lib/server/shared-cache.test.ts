import {
  PUBLIC_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_SHARED_CACHE_BOUND_SECONDS,
  sharedCacheControl,
  UNCACHEABLE_CACHE_CONTROL,
} from '@/lib/server/shared-cache';

/** Next's header for a prerendered page revalidated every hour (its default expireTime). */
const NEXT_ISR = 's-maxage=3600, stale-while-revalidate=31532400';
const publicPage = { pathname: '/ro/faq', cacheControl: NEXT_ISR, setsCookie: false, fromStaff: false };

describe('how long a shared cache may keep an answer', () => {
  it('gives a public page Next marked for shared caches a few seconds, not its hour of revalidation', () => {
    expect(sharedCacheControl(publicPage)).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(PUBLIC_PAGE_CACHE_CONTROL).toBe('s-maxage=5, stale-while-revalidate=25');
    expect(PUBLIC_PAGE_SHARED_CACHE_BOUND_SECONDS).toBe(30);
    // A fully static page (no revalidation) and the home page are public pages too.
    for (const page of [
      { ...publicPage, cacheControl: 's-maxage=31536000' },
      { ...publicPage, pathname: '/' },
      { ...publicPage, pathname: '/en/vignette/car' },
    ])
      expect(sharedCacheControl(page)).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });

  it('makes uncacheable a shared-cacheable answer of the back-office or the API, one setting a cookie, one for staff', () => {
    for (const answer of [
      { ...publicPage, pathname: '/admin' },
      { ...publicPage, pathname: '/admin/orders' },
      { ...publicPage, pathname: '/api' },
      { ...publicPage, pathname: '/api/nmps/utils/vignette/catalog' },
      { ...publicPage, setsCookie: true },
      { ...publicPage, fromStaff: true },
    ])
      expect(sharedCacheControl(answer)).toBe(UNCACHEABLE_CACHE_CONTROL);
  });

  it('keeps every other header as it is: dynamic pages, API and asset lifetimes, no header at all', () => {
    for (const cacheControl of [
      'private, no-cache, no-store, max-age=0, must-revalidate',
      'no-store',
      'public, max-age=60',
      'public, max-age=31536000, immutable',
      undefined,
    ])
      expect(sharedCacheControl({ ...publicPage, cacheControl })).toBeUndefined();
    // A path that only begins like the private areas is a public one.
    expect(sharedCacheControl({ ...publicPage, pathname: '/administration' })).toBe(
      PUBLIC_PAGE_CACHE_CONTROL,
    );
    expect(sharedCacheControl({ ...publicPage, pathname: '/apiary' })).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });
});
