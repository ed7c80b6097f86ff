import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { ACCEPTED_CARD, DECLINED_CARD, payOnSandboxForm } from './support/shop-client';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * The buyer's pages rendered per request (the order page, the payment outcome pages) get the back-office's nonce
 * policy (lib/security/headers.mjs, proxy.ts): only the scripts Next rendered with this answer's nonce, and the
 * layout's head script by its hash, run; an inline script without the nonce, as an injection would add it, does not.
 * Runs against the built shop (`next dev` sends no policy).
 */

const tomorrow = () => DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;

/** The script-src directive of an answer's policy. */
const scriptSource = (policy: string | undefined) =>
  (policy ?? '')
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src ')) ?? '';

async function expectNoncePolicyHolds(page: Page, path: string) {
  const violations: string[] = [];
  page.on('console', (entry) => {
    if (/Content Security Policy/i.test(entry.text())) violations.push(entry.text());
  });
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  const policy = response!.headers()['content-security-policy'];
  const scripts = scriptSource(policy);
  expect(scripts, path).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
  expect(scripts, path).toContain("'strict-dynamic'");
  expect(scripts, path).not.toContain("'unsafe-inline'");
  // Two loads, two nonces.
  const again = (await page.request.get(path)).headers()['content-security-policy'];
  expect(scriptSource(again), path).not.toBe(scripts);

  // The page's own scripts ran: hydrated, and the layout's head script marked the document (its hash is allowed).
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.querySelectorAll('script[src]').length), path).toBeGreaterThan(0);
  expect(violations, path).toEqual([]);

  // An inline script in the HTML without the nonce, as an injection into the rendered page would put it, does not run;
  // nor does an inline handler. (A script a page's own trusted script creates would run: 'strict-dynamic' trusts
  // it, which is why the injection is made in the HTML the browser parses, as a stored or reflected one would be.)
  const injectedPage = await page.context().newPage();
  await injectedPage.route(
    (url) => `${url.pathname}${url.search}` === path,
    async (route) => {
      const original = await route.fetch();
      const html = (await original.text()).replace(
        '</body>',
        '<script>window.injectedRan = true;</script><img src="data:,x" onerror="window.handlerRan = true"></body>',
      );
      await route.fulfill({ response: original, body: html });
    },
  );
  await injectedPage.goto(path);
  await injectedPage.waitForLoadState('networkidle');
  const ran = await injectedPage.evaluate(() => {
    const flags = window as unknown as { injectedRan?: boolean; handlerRan?: boolean };
    return { injected: Boolean(flags.injectedRan), handler: Boolean(flags.handlerRan) };
  });
  await injectedPage.close();
  expect(ran, path).toEqual({ injected: false, handler: false });
  // No script in the server's HTML runs without the nonce, but the layout's head script (allowed by its hash).
  const unnonced = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((script) => !(script as HTMLScriptElement).nonce)
      .filter((script) => (script as HTMLScriptElement).type !== 'application/ld+json')
      .map((script) => script.textContent?.slice(0, 40)),
  );
  expect(unnonced.length, `${path}: ${JSON.stringify(unnonced)}`).toBeLessThanOrEqual(1);
}

/**
 * An order placed through the API and paid on the sandbox's form with `card`, once the shop has settled it: an order
 * still being paid or issued refreshes its page every 3 s (the page's `<meta http-equiv="refresh">`), which would
 * navigate the page under the checks below on a slow machine.
 */
async function settledOrder(request: APIRequestContext, baseURL: string, card: string, plate: string) {
  const created = await request.post('/api/nmps/orders/order', {
    headers: XSRF_HEADERS,
    data: {
      items: [{ categoryCode: 'CAR', type: 'WEEK', startDate: tomorrow(), plate, country: 'RO' }],
      email: 'csp-spec@example.ro',
      locale: 'ro',
      acceptTerms: true,
    },
  });
  expect(created.status()).toBe(201);
  const { orderId, paymentUrl } = (await created.json()) as { orderId: string; paymentUrl: string };
  expect(await payOnSandboxForm(baseURL, paymentUrl, card)).toBe(303);
  await expect
    .poll(
      async () => ((await (await request.get(`/api/orders/${orderId}`)).json()) as { status: string }).status,
      {
        timeout: 30_000,
      },
    )
    .toMatch(SETTLED);
  return orderId;
}

/** The states in which the order page does not refresh itself (app/[locale]/order/[orderId]/page.tsx). */
const SETTLED = /^(FULFILLED|FAILED)$/;

test('the order and payment outcome pages run only the scripts of their nonce', async ({
  page,
  request,
  baseURL,
}) => {
  const paid = await settledOrder(request, baseURL!, ACCEPTED_CARD, 'CJ12CSP');
  // Declined: its page offers to pay again, with that button's scripts.
  const declined = await settledOrder(request, baseURL!, DECLINED_CARD, 'CJ13CSP');
  for (const path of [
    `/ro/order/${paid}`,
    `/de/order/${declined}`,
    `/ro/payment/successful?orderId=${paid}`,
    `/en/payment/timeout?orderId=${declined}`,
  ])
    await expectNoncePolicyHolds(page, path);
});

test('the prerendered pages keep the static policy, and an unknown order its not-found page', async ({
  request,
}) => {
  for (const path of ['/ro', '/ro/faq', '/ro/order/AAAAAAAAAAAAAAAAAAAAAA']) {
    const policy = (await request.get(path)).headers()['content-security-policy'];
    expect(scriptSource(policy), path).toBe("script-src 'self' 'unsafe-inline'");
  }
});
