import '@testing-library/jest-dom';

// Expected failures (rejected notifications, refused payments) log warnings; keep the test output readable.
process.env.LOG_LEVEL ??= 'error';

// Route-handler tests send many requests from one address (a Request without a peer counts as "unknown"); the
// security suite (tests/integration/security/) sets the real limits itself.
process.env.RATE_LIMIT_MULTIPLIER ??= '1000';

// Route handlers are called here without Next's request context, in which revalidateTag throws ("static generation
// store missing"). What a catalog change does to the pages is tested end to end (tests/e2e/purchase-pages-*.spec.ts).
jest.mock('next/cache', () => ({ ...jest.requireActual('next/cache'), revalidateTag: jest.fn() }));
