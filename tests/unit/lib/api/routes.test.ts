import { allowsMethod, API_ROUTE_METHODS, apiRouteMethods, apiRoutePattern } from '@/lib/api/routes';
import { routeFiles } from '../../../support/api-route-files';

describe('the table of API routes and their methods', () => {
  const files = routeFiles('api').map(({ route, methods }) => ({ route, methods }));
  /** The catch-all answers 404 for every address that is no endpoint; it is not an endpoint itself. */
  const endpoints = files.filter(({ route }) => !route.includes('[...'));

  it('lists every route file under app/api with exactly the methods it exports', () => {
    const fromFiles = Object.fromEntries(endpoints.map(({ route, methods }) => [route, [...methods].sort()]));
    const fromTable = Object.fromEntries(
      Object.entries(API_ROUTE_METHODS).map(([route, methods]) => [route, [...methods].sort()]),
    );
    expect(fromTable).toEqual(fromFiles);
  });

  it('finds a route by its address, a bracketed segment standing for any one segment', () => {
    expect(apiRouteMethods('/api/orders/AAAA')).toEqual(['GET']);
    expect(apiRouteMethods('/api/orders/AAAA/resend')).toEqual(['POST']);
    expect(apiRouteMethods('/api/orders/a.json')).toEqual(['GET']);
    expect(apiRouteMethods('/api/health/')).toEqual(['GET']);
    expect(apiRouteMethods('/api/orders/a/b')).toBeUndefined();
    expect(apiRouteMethods('/api/nope')).toBeUndefined();
  });

  it('allows what a route has, HEAD with GET, OPTIONS always, and leaves unknown addresses to their 404', () => {
    expect(allowsMethod('/api/health', 'GET')).toBe(true);
    expect(allowsMethod('/api/health', 'HEAD')).toBe(true);
    expect(allowsMethod('/api/health', 'OPTIONS')).toBe(true);
    expect(allowsMethod('/api/health', 'POST')).toBe(false);
    expect(allowsMethod('/api/login', 'HEAD')).toBe(false);
    expect(allowsMethod('/api/users/user', 'DELETE')).toBe(true);
    expect(allowsMethod('/api/users/user', 'PUT')).toBe(false);
    expect(allowsMethod('/api/nope', 'PUT')).toBe(true);
  });

  it("names a request's route by its pattern, never its raw path, so that metrics' labels stay few", () => {
    expect(apiRoutePattern('/api/orders/AAAA')).toBe('/api/orders/[orderId]');
    expect(apiRoutePattern('/api/orders/BBBB/invoice')).toBe('/api/orders/[orderId]/invoice');
    expect(apiRoutePattern('/api/health/')).toBe('/api/health');
    expect(apiRoutePattern('/api/nope/whatever')).toBe('other');
  });

  it('prefers a route of that name to a bracketed segment that would also match, as Next does', () => {
    expect(apiRouteMethods('/api/my-orders/link')).toEqual(['POST']);
    expect(allowsMethod('/api/my-orders/link', 'GET')).toBe(false);
    expect(apiRoutePattern('/api/my-orders/session')).toBe('/api/my-orders/session');
    expect(apiRoutePattern('/api/my-orders/BBBB')).toBe('/api/my-orders/[orderId]');
  });
});
