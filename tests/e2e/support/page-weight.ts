import type { Browser, Request } from '@playwright/test';

/** What a page costs a visitor on its first load, as the network carried it (gzipped bytes). */
export interface PageWeight {
  path: string;
  /** The HTML document. */
  documentBytes: number;
  /** Every script the page loaded until the network went quiet. */
  scriptBytes: number;
  scripts: number;
  /** Every request, the document included. */
  requests: number;
}

/**
 * Loads `path` in a fresh context (an empty cache, as a first visit) and adds up what arrived until the network was
 * quiet: the same bytes as Lighthouse's transfer sizes, without its clock. Bytes and counts depend only on the build,
 * so they can be gated where a time cannot (docs/architecture.md, Page weight).
 */
export async function measurePage(browser: Browser, baseURL: string, path: string): Promise<PageWeight> {
  // Gzip, as every client accepts it: the budgets hold the heavier of the server's two encodings (a browser that
  // accepts brotli gets less, measured by the Lighthouse bench), and stay comparable with their history.
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip, deflate' } });
  const page = await context.newPage();
  // A script that did not arrive weighs nothing: a page that lost one is broken, never light.
  const failures: string[] = [];
  page.on('requestfailed', (request) => failures.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on('response', (answer) => {
    if (answer.status() >= 400) failures.push(`${answer.url()}: ${answer.status()}`);
  });
  const loaded: Request[] = [];
  const onFinished = (request: Request) => loaded.push(request);
  page.on('requestfinished', onFinished);
  try {
    const response = await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
    // The first load ends when the network went quiet. A request that finishes later (a link prefetched on a busy
    // machine) is not part of it, and its sizes, still being asked when the context closes, would fail the test.
    page.off('requestfinished', onFinished);
    if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
    const finished = await Promise.all(
      loaded.map(async (request) => ({
        type: request.resourceType(),
        bytes: (await request.sizes()).responseBodySize,
      })),
    );
    if (failures.length) throw new Error(`${path} lost requests:\n${failures.join('\n')}`);
    const total = (type: string) =>
      finished.filter((entry) => entry.type === type).reduce((sum, entry) => sum + entry.bytes, 0);
    return {
      path,
      documentBytes: total('document'),
      scriptBytes: total('script'),
      scripts: finished.filter((entry) => entry.type === 'script').length,
      requests: finished.length,
    };
  } finally {
    await context.close();
  }
}

/** The middle value (the lower middle of an even count). */
export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
