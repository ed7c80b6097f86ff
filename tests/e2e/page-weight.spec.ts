import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { measurePage, median, type PageWeight } from './support/page-weight';
import { PUBLIC_PAGES } from './support/public-pages';

// The weight of the public pages on a first visit: bytes and counts, which depend only on the build, gated here; the
// times they cost on a phone are measured by Lighthouse in `npm run bench` (docs/architecture.md, Page weight).

/** The goal: a purchase page loads at most 1.3 times the JavaScript of a content page, in the same run. */
const PURCHASE_TO_CONTENT_JS = 1.3;
/**
 * Ceilings that catch a growth the ratio hides (a library added to every page): today's figures plus a margin for
 * ordinary changes. Raising one is a decision to write in the commit, with the figure measured.
 */
const BUDGET = {
  contentScriptBytes: 165_000,
  documentBytes: 36_000,
  requests: 50,
};

/** Every Romanian page of the shared list (tests/e2e/support/public-pages.ts) that answers 200. */
const MEASURED = PUBLIC_PAGES.filter((page) => page.locale === 'ro' && page.kind !== 'not-found');
const CONTENT_PAGES = MEASURED.filter((page) => page.kind !== 'purchase').map((page) => page.path);
const PURCHASE_PAGES = MEASURED.filter((page) => page.kind === 'purchase').map((page) => page.path);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

test('purchase pages load at most 1.3 times the JavaScript of a content page, every page within its byte and request budget', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const purchasePages = PURCHASE_PAGES;
  // Each page once before measuring: the first request of a page regenerated on demand is the server's, not the visitor's.
  for (const path of [...CONTENT_PAGES, ...purchasePages]) await request.get(path);

  const content: PageWeight[] = [];
  for (const path of CONTENT_PAGES) content.push(await measurePage(browser, baseURL!, path));
  const purchase: PageWeight[] = [];
  for (const path of purchasePages) purchase.push(await measurePage(browser, baseURL!, path));

  const contentScriptBytes = median(content.map((page) => page.scriptBytes));
  const rows = [...content, ...purchase].map((page) => ({
    ...page,
    ratioToContent: Number((page.scriptBytes / contentScriptBytes).toFixed(3)),
  }));
  fs.mkdirSync('reports', { recursive: true });
  fs.writeFileSync(
    'reports/page-weight.json',
    `${JSON.stringify({ measuredAt: new Date().toISOString(), contentScriptBytes, budget: BUDGET, pages: rows }, null, 2)}\n`,
  );
  console.log(
    rows
      .map(
        (row) =>
          `${row.path.padEnd(28)} JS ${kb(row.scriptBytes).padStart(9)} (${row.ratioToContent.toFixed(2)}×)  HTML ${kb(row.documentBytes).padStart(8)}  ${row.requests} requests`,
      )
      .join('\n'),
  );

  expect(contentScriptBytes, 'the content pages’ JavaScript').toBeLessThanOrEqual(BUDGET.contentScriptBytes);
  for (const page of purchase) {
    expect(
      page.scriptBytes,
      `${page.path}: JavaScript against the content pages’ ${kb(contentScriptBytes)}`,
    ).toBeLessThanOrEqual(PURCHASE_TO_CONTENT_JS * contentScriptBytes);
  }
  for (const page of rows) {
    expect(page.documentBytes, `${page.path}: the HTML`).toBeLessThanOrEqual(BUDGET.documentBytes);
    expect(page.requests, `${page.path}: requests`).toBeLessThanOrEqual(BUDGET.requests);
  }
});
