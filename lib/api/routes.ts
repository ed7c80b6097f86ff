/** The methods a route handler may export (Next answers HEAD from GET and OPTIONS by itself). */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * The methods of every API route, so that the proxy answers a method a route does not have with 405 in the JSON
 * error shape (Next's own 405 has an empty body and no Allow header). A route's segment in brackets stands for any
 * one segment. tests/unit/lib/api/routes.test.ts checks this table against the route files under app/api.
 */
export const API_ROUTE_METHODS: Readonly<Record<string, readonly HttpMethod[]>> = {
  '/api/admin/audit': ['GET'],
  '/api/admin/catalog/topup-products': ['GET', 'PUT'],
  '/api/admin/catalog/vignette-prices': ['GET', 'PUT'],
  '/api/admin/exchange-rate': ['GET', 'PUT'],
  '/api/admin/invoices': ['GET'],
  '/api/admin/mail/retry': ['POST'],
  '/api/admin/payment': ['GET', 'PATCH'],
  '/api/admin/payment/billing': ['PATCH'],
  '/api/admin/payment/cancel': ['POST'],
  '/api/admin/payment/daily': ['GET'],
  '/api/admin/payment/efactura': ['POST'],
  '/api/admin/payment/email': ['PATCH'],
  '/api/admin/payment/export/excel': ['GET'],
  '/api/admin/payment/export/xml': ['GET'],
  '/api/admin/payment/item': ['PATCH'],
  '/api/admin/payment/refund': ['POST'],
  '/api/admin/payment/resend': ['POST'],
  '/api/admin/payment/retry': ['POST'],
  '/api/admin/reminders': ['GET'],
  '/api/admin/shop-status': ['GET'],
  '/api/currency/nmps/rate': ['GET'],
  '/api/efactura-sandbox/descarcare': ['GET'],
  '/api/efactura-sandbox/listaMesajeFactura': ['GET'],
  '/api/efactura-sandbox/stareMesaj': ['GET'],
  '/api/efactura-sandbox/token': ['POST'],
  '/api/efactura-sandbox/upload': ['POST'],
  '/api/eps/order': ['POST'],
  '/api/eps/utils/operators': ['GET'],
  '/api/eps/utils/transaction/details': ['GET'],
  '/api/health': ['GET'],
  '/api/health/live': ['GET'],
  '/api/health/ready': ['GET'],
  '/api/internal/catalog-revalidation': ['POST'],
  '/api/invoice': ['GET'],
  '/api/issuer-sandbox/v1/health': ['GET'],
  '/api/issuer-sandbox/v1/vignettes': ['GET', 'POST'],
  '/api/issuer-sandbox/v1/vignettes/[id]': ['GET'],
  '/api/issuer-sandbox/v1/vignettes/[id]/corrections': ['POST'],
  '/api/login': ['POST'],
  '/api/metrics': ['GET'],
  '/api/logout': ['POST'],
  '/api/my-orders': ['GET'],
  '/api/my-orders/[orderId]': ['GET'],
  '/api/my-orders/link': ['POST'],
  '/api/my-orders/session': ['POST', 'DELETE'],
  '/api/nmps/orders/order': ['POST'],
  '/api/nmps/orders/quote': ['POST'],
  '/api/nmps/utils/transaction/details': ['GET'],
  '/api/nmps/utils/vignette/catalog': ['GET'],
  '/api/nmps/utils/vignette/prices': ['GET'],
  '/api/openapi.json': ['GET'],
  '/api/orders/[orderId]': ['GET'],
  '/api/orders/[orderId]/documents': ['POST'],
  '/api/orders/[orderId]/invoice': ['GET'],
  '/api/orders/[orderId]/payment': ['POST'],
  '/api/orders/[orderId]/resend': ['POST'],
  '/api/payments/netopia/notify': ['POST'],
  '/api/payments/return': ['GET'],
  '/api/payments/sandbox/3ds': ['POST'],
  '/api/payments/sandbox/operation/status': ['POST'],
  '/api/payments/sandbox/pay': ['GET', 'POST'],
  '/api/payments/sandbox/payment/card/start': ['POST'],
  '/api/reminders/unsubscribe': ['GET', 'POST'],
  '/api/topup-sandbox/api/operators/countries/[countryCode]': ['GET'],
  '/api/topup-sandbox/api/topups': ['POST'],
  '/api/topup-sandbox/api/topups/reports/transactions': ['GET'],
  '/api/topup-sandbox/auth/oauth/token': ['POST'],
  '/api/users': ['GET'],
  '/api/users/change-pass': ['POST'],
  '/api/users/reset': ['POST'],
  '/api/users/roles': ['GET'],
  '/api/users/sign-up': ['POST'],
  '/api/users/user': ['DELETE', 'GET'],
  '/api/vignettes/check': ['GET'],
  '/api/xsrf-token': ['GET'],
};

const dynamicSegments = (route: string) =>
  route.split('/').filter((segment) => segment.startsWith('[')).length;

/**
 * Each route's pattern, those with fewer bracketed segments first: as Next routes it, `/api/my-orders/link` is the
 * route of that name, not `/api/my-orders/[orderId]` with "link" for an id.
 */
const ROUTES = Object.entries(API_ROUTE_METHODS)
  .map(([route, methods]) => ({
    route,
    pattern: new RegExp(`^${route.replace(/\[[^/\]]+\]/g, '[^/]+')}/?$`),
    methods,
  }))
  .sort((one, other) => dynamicSegments(one.route) - dynamicSegments(other.route));

/**
 * The route's pattern for a path (`/api/orders/[orderId]` for `/api/orders/abc`), or `other` when no route is there:
 * what the metrics label a request with, so that label values stay as few as the routes.
 */
export function apiRoutePattern(pathname: string): string {
  return ROUTES.find((route) => route.pattern.test(pathname))?.route ?? 'other';
}

/** The methods of the API route at that path (HEAD counts as GET), or undefined when no route is there. */
export function apiRouteMethods(pathname: string): readonly HttpMethod[] | undefined {
  return ROUTES.find((route) => route.pattern.test(pathname))?.methods;
}

/** Whether the API route at that path answers that method; true for a path without a route (it answers 404 itself). */
export function allowsMethod(pathname: string, method: string): boolean {
  const methods = apiRouteMethods(pathname);
  if (!methods || method === 'OPTIONS') return true;
  return methods.includes((method === 'HEAD' ? 'GET' : method) as HttpMethod);
}
