import { expect, test } from '@playwright/test';
import {
  apiRoutes,
  FUZZ_SEED,
  fuzzCounts,
  fuzzRoute,
  FuzzTally,
  pageRequest,
  pageRoutes,
  requestFor,
} from './support/fuzz-requests';

/**
 * No 5xx, no hang over 2 s and no stack trace for bad input anywhere. Generated bad requests (fast-check,
 * fixed seed) against the built shop: at least 10 000 over every API route, read from app/api, and 1 000 over the
 * pages, files and sandbox pages. No browser: Node's fetch, each request abandoned after 10 s.
 */

const counts = fuzzCounts();
const routes = apiRoutes();
const perApiRoute = Math.ceil(counts.api / routes.length);
const pages = pageRoutes();
const tally = new FuzzTally();

test.describe('fuzz: generated bad requests', () => {
  for (const { route, methods } of routes) {
    test(`API ${route} (${methods.join(', ') || 'any method'})`, async ({ baseURL }) => {
      test.setTimeout(120_000);
      await fuzzRoute({
        baseURL: baseURL!,
        arbitrary: requestFor(route, methods),
        runs: perApiRoute,
        api: true,
        tally,
      });
    });
  }

  test('pages, files and the sandbox provider pages', async ({ baseURL }) => {
    test.setTimeout(240_000);
    await fuzzRoute({
      baseURL: baseURL!,
      arbitrary: pageRequest(pages),
      runs: counts.pages,
      api: false,
      tally,
    });
  });

  test('the totals the issue asks for', () => {
    const sent = tally.latencies.length;
    expect(sent).toBeGreaterThanOrEqual(counts.api + counts.pages);
    expect(tally.fiveHundreds).toBe(0);
    expect(tally.problems).toEqual([]);
    console.log(
      `fuzz (seed ${FUZZ_SEED}): ${sent} requests over ${routes.length} API routes and ${pages.length} pages, ` +
        `0 × 5xx, p50 ${tally.percentile(50).toFixed(1)} ms, p99 ${tally.percentile(99).toFixed(1)} ms`,
    );
  });
});
