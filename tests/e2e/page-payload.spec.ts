import { expect, test, type APIRequestContext } from '@playwright/test';

/*
 * A public page whose HTML would not fit TCP's first window with its payload for React sends the payload beside its
 * document (lib/server/page-payload.ts, docs/decisions/0040-a-page-payload-beside-its-document.md): the document
 * names it with one deferred script at the page's address with `?payload`, and the page comes alive from it as it did
 * from the inline scripts. The privacy policy is over the window in every language, the contact page well under it.
 */

/**
 * The page's HTML once the server knows its size: its first answers keep the payload inline while it is measured,
 * and are kept for a few seconds by the server's page cache.
 */
async function measuredPage(request: APIRequestContext, path: string): Promise<string> {
  let html = '';
  await expect
    .poll(async () => (html = await (await request.get(path)).text()).includes('?payload"'), {
      timeout: 20_000,
      intervals: [500, 1000],
    })
    .toBe(true);
  return html;
}

test("a page over the first window names its payload, which the page's address answers as JavaScript", async ({
  request,
}) => {
  for (const path of ['/ro/gdpr', '/en/gdpr', '/hu/terms-conditions']) {
    const html = await measuredPage(request, path);
    expect(html, path).not.toContain('self.__next_f');
    // The page's scripts are preloaded, and run once the payload is in: the payload adds them.
    expect(html, path).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async/);
    expect(html.match(/<script defer src="([^"]+)"><\/script>/g), path).toEqual([
      `<script defer src="${path}?payload"></script>`,
    ]);
    const payload = await request.get(`${path}?payload`);
    expect(payload.status(), path).toBe(200);
    expect(payload.headers()['content-type'], path).toBe('text/javascript; charset=utf-8');
    // Kept as long as its page by a shared cache, never longer.
    expect(payload.headers()['cache-control'], path).toBe(
      (await request.get(path)).headers()['cache-control'],
    );
    const script = await payload.text();
    expect(script.startsWith('(self.__next_f=self.__next_f||[]).push([0]);'), path).toBe(true);
    expect(script, path).toContain('self.__next_f.push([1,');
    expect(script, path).toMatch(/document\.head\.appendChild\(s\)\}\}\)\(\["\/_next\/static\/chunks\//);
  }
});

test('a page that fits the window, the pages of a buyer, the back-office and the not-found page keep their payload inline', async ({
  request,
}) => {
  // Asked twice, a few seconds apart: its size is known by then.
  await request.get('/ro/contact');
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  for (const [path, status] of [
    ['/ro/contact', 200],
    ['/ro/orders', 200],
    ['/admin', 200],
    ['/ro/no-such-page', 404],
  ] as const) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(status);
    const html = await answer.text();
    expect(html, path).toContain('self.__next_f');
    expect(html, path).not.toContain('?payload"');
  }
  // Nothing to run where a page has no payload apart: an empty 404, never kept.
  const none = await request.get('/ro/no-such-page?payload');
  expect(none.status()).toBe(404);
  expect(none.headers()['cache-control']).toBe('no-store');
  expect(none.headers()['x-content-type-options']).toBe('nosniff');
  expect(await none.text()).toBe('');
});

test('a page whose payload comes beside it comes alive without a mismatch, its payload asked once', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (entry) => {
    if (entry.type() === 'error') errors.push(entry.text());
  });
  const payloads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('?payload')) payloads.push(new URL(sent.url()).pathname);
  });
  await measuredPage(page.request, '/ro/gdpr');
  await page.goto('/ro/gdpr');
  // React has taken the page over: hydration attaches its fiber to each element it adopts.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.querySelector('main')!).some((key) => key.startsWith('__react')),
      ),
    )
    .toBe(true);
  // The client router works: a link in the footer leads to another page without loading a document.
  const documents: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'document') documents.push(sent.url());
  });
  await page.locator('footer a[href="/ro/terms-conditions"]').first().click();
  await expect(page).toHaveURL(/\/ro\/terms-conditions$/);
  await expect(page.locator('#legal-document h2').first()).toBeVisible();
  expect(documents).toEqual([]);
  expect(payloads).toEqual(['/ro/gdpr']);
  expect(errors).toEqual([]);
});
