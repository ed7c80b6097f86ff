import '@testing-library/jest-dom';
import { readOrderFactsWith } from '@/lib/invoices/order-facts-reader';

// Expected failures (rejected notifications, refused payments) log warnings; keep the test output readable.
process.env.LOG_LEVEL ??= 'error';

// Route-handler tests send many requests from one address (a Request without a peer counts as "unknown"); the
// security suite (tests/integration/security/) sets the real limits itself.
process.env.RATE_LIMIT_MULTIPLIER ??= '1000';

// The screens' tests wait for what a lazily loaded part shows (the calendar, the forms' rules, an answer of the API).
// Testing Library gives up after 1 s by default, which a fresh machine busy transforming that part for the first time
// can exceed; a wait ends as soon as what it waits for is there, so a longer limit slows no passing test.
if (typeof document !== 'undefined') {
  jest.requireActual<typeof import('@testing-library/react')>('@testing-library/react').configure({
    asyncUtilTimeout: 5_000,
  });
}

// Route handlers are called here without Next's request context, in which revalidateTag throws ("static generation
// store missing"). What a catalog change does to the pages is tested end to end (tests/e2e/purchase-pages-*.spec.ts).
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidateTag: jest.fn() }));

// What the server gives lib/invoices at start (lib/startup/startup.ts): the read of the order a document issued before
// snapshots existed states. Loaded when such a document is first rendered, so a test that never renders one, or mocks
// the database, loads nothing of it here.
readOrderFactsWith((executor, orderId) =>
  jest
    .requireActual<typeof import('@/lib/orders/order-document')>('@/lib/orders/order-document')
    .invoicedOrderOf(executor, orderId),
);

// Every answer a route handler gives the integration suite is checked against the OpenAPI document
// (tests/support/openapi-contract.ts): the route modules are replaced by ones whose handlers check, so the tests
// need no change. Loaded lazily, inside each test file's own mocks.
if (expect.getState().testPath?.includes('/tests/integration/')) {
  const { API_ROUTE_METHODS } = jest.requireActual<typeof import('@/lib/api/routes')>('@/lib/api/routes');
  for (const route of Object.keys(API_ROUTE_METHODS)) {
    const modulePath = `@/app${route}/route`;
    jest.doMock(modulePath, () =>
      jest
        .requireActual<typeof import('./openapi-contract')>('./openapi-contract')
        .checkedRouteModule(route, jest.requireActual(modulePath)),
    );
  }
}
