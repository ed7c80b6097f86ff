import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { locales } from '@/lib/i18n/routing';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { answerCookieNotice } from './support/consent';
import { htmlEscaped, message } from './support/messages';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * An order page whose order does not exist answers 404 with the shop's not-found page in the server's HTML, in the
 * page's language (docs/decisions/0018-unknown-order-answered-404-by-the-proxy.md); a real order answers 200 with its
 * page. Statuses only hold on a build (`next dev` answers 200): this runs against the built shop.
 */

const tomorrow = () => DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;

/** Ids that cannot be orders (answered by the proxy alone), and one that could be but is in no row. */
const UNKNOWN_IDS = {
  'a NUL': '%00',
  'too short': 'abc',
  'one character too many': 'A'.repeat(23),
  'a character an id never has': `${'A'.repeat(21)}.`,
  'very long': 'x'.repeat(3_000),
  'well-formed but in no row': randomBytes(16).toString('base64url'),
};

test("an unknown order answers 404 with the not-found page of the page's language in the server's HTML", async ({
  request,
}) => {
  for (const locale of locales) {
    for (const [what, id] of Object.entries(UNKNOWN_IDS)) {
      const label = `${locale}, ${what}`;
      const response = await request.get(`/${locale}/order/${id}`);
      expect(response.status(), label).toBe(404);
      const html = await response.text();
      expect(html, label).not.toContain('__next_error__');
      expect(html, label).toContain(`<html lang="${locale}"`);
      // Rendered, not only in the page's inline data (every page carries the not-found view for its boundary).
      expect(html, label).toContain(`>${htmlEscaped(message(locale, 'NotFoundPage.heading'))}</h1>`);
      expect(html, label).toContain(`>${htmlEscaped(message(locale, 'NotFoundPage.text'))}</p>`);
      // The page's own header and footer, and no indexing.
      expect(html, label).toMatch(/<header[\s>]/);
      expect(html, label).toMatch(/<footer[\s>]/);
      expect(html, label).toMatch(/<meta name="robots" content="noindex/);
    }
  }
});

test('a real order answers 200 with its page, whatever lookup header the client sends', async ({
  request,
}) => {
  const created = await request.post('/api/nmps/orders/order', {
    headers: XSRF_HEADERS,
    data: {
      items: [{ categoryCode: 'CAR', type: 'WEEK', startDate: tomorrow(), plate: 'CJ12NFD', country: 'RO' }],
      email: 'not-found-spec@example.ro',
      locale: 'en',
      acceptTerms: true,
    },
  });
  expect(created.status()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };

  for (const locale of locales) {
    const response = await request.get(`/${locale}/order/${orderId}`);
    expect(response.status(), locale).toBe(200);
    const html = await response.text();
    expect(html, locale).toContain('data-testid="order-status"');
    expect(html, locale).toContain(htmlEscaped(message(locale, 'OrderPage.heading')));
    expect(html, locale).not.toContain(`>${htmlEscaped(message(locale, 'NotFoundPage.heading'))}</h1>`);
  }

  // Only the proxy says the database is away: a client claiming it gets the order all the same.
  const claimed = await request.get(`/ro/order/${orderId}`, { headers: { 'x-order-lookup': 'unavailable' } });
  expect(claimed.status()).toBe(200);
  expect(await claimed.text()).toContain('data-testid="order-status"');
});

test('in the browser the not-found page of an unknown order stays as the server sent it', async ({
  page,
  context,
  baseURL,
}) => {
  await answerCookieNotice(context, baseURL);
  const response = await page.goto(`/hu/order/${UNKNOWN_IDS['well-formed but in no row']}`);
  expect(response?.status()).toBe(404);
  const heading = page.getByRole('heading', { level: 1, name: message('hu', 'NotFoundPage.heading') });
  await expect(heading).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(heading).toBeVisible();
  await expect(page.getByRole('link', { name: message('hu', 'NotFoundPage.backHome') })).toHaveAttribute(
    'href',
    '/hu',
  );
});
