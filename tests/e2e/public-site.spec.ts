import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { locales } from '@/lib/i18n/routing';
import { UNVERSIONED_CACHE_CONTROL, VERSIONED_CACHE_CONTROL } from '@/lib/i18n/texts-address';
import { messagesVersion } from '@/lib/i18n/texts-version.mjs';
import { htmlEscaped, message } from './support/messages';
import { LIGHTHOUSE_PHONE } from './support/public-pages';

/**
 * The public routes of docs/screens.md, Routes (the vignette and prepay sections come with their own issues), with
 * their title key.
 */
const PAGES = [
  { path: '', title: 'HomePage.meta.title' },
  { path: '/contact', title: 'ContactPage.meta.title' },
  { path: '/gdpr', title: 'PrivacyPage.meta.title' },
  { path: '/terms-conditions', title: 'TermsPage.meta.title' },
  { path: '/cookie-policy', title: 'CookiePolicyPage.meta.title' },
  { path: '/faq', title: 'FaqPage.meta.title' },
  { path: '/payment/successful', title: 'PaymentSuccessPage.meta.title' },
  { path: '/payment/timeout', title: 'PaymentTimeoutPage.meta.title' },
];

test('every public page answers 200 in all four languages with its translated title in the HTML', async ({
  request,
}) => {
  for (const locale of locales) {
    for (const page of PAGES) {
      const response = await request.get(`/${locale}${page.path}`);
      expect(response.status(), `/${locale}${page.path}`).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${locale}"`);
      expect(html).toContain(`<title>${htmlEscaped(message(locale, page.title))}</title>`);
    }
  }
});

test('the build prerenders every public page in every language (the build says so)', () => {
  // What `next build` lists as static (○) or SSG (●): the routes it rendered to HTML ahead of any request.
  const manifest = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), '.next', 'prerender-manifest.json'), 'utf8'),
  ) as {
    routes: Record<string, { initialRevalidateSeconds: number | false }>;
  };
  for (const locale of locales) {
    for (const page of [
      // The payment outcome pages read their order (`?orderId=`) on every visit: rendered per request.
      ...PAGES.map((entry) => entry.path).filter((page) => !page.startsWith('/payment/')),
      '/404',
      '/faq/viniete-prices',
      '/faq/transactions',
    ]) {
      expect(manifest.routes[`/${locale}${page}`], `/${locale}${page}`).toBeDefined();
    }
    // The prices come from the database: these pages are regenerated when the catalog changes (purchase-pages-ssr.spec.ts),
    // and at least hourly besides.
    for (const page of ['/faq', '/vignette/car', '/prepay', '/prepay/orange'])
      expect(manifest.routes[`/${locale}${page}`]!.initialRevalidateSeconds, page).toBe(3600);
  }
});

test('/faq/ with a trailing slash reaches the FAQ too', async ({ request }) => {
  const response = await request.get('/en/faq/');
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain(htmlEscaped(message('en', 'FaqPage.heading')));
});

test('an address without a language goes to /ro/404, which answers 404 with the page in the HTML', async ({
  request,
}) => {
  const redirect = await request.get('/xyz', { maxRedirects: 0 });
  expect(redirect.status()).toBe(307);
  expect(redirect.headers()['location']).toMatch(/\/ro\/404$/);

  const response = await request.get('/xyz');
  expect(response.status()).toBe(404);
  expect(response.url()).toMatch(/\/ro\/404$/);
  const html = await response.text();
  expect(html).toContain(htmlEscaped(message('ro', 'NotFoundPage.heading')));
  expect(html).toContain('/images/not-found.svg');
  expect(html).toMatch(/<meta name="robots" content="noindex/);
});

test("an unknown page under a language answers 404 with that language's page, without JavaScript", async ({
  request,
}) => {
  for (const [url, locale] of [
    ['/en/nope', 'en'],
    ['/de/gibt/es/nicht', 'de'],
    ['/hu/nincs-ilyen', 'hu'],
  ] as const) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    const html = await response.text();
    expect(html).toContain(`<html lang="${locale}"`);
    expect(html).toContain(htmlEscaped(message(locale, 'NotFoundPage.heading')));
    expect(html).toContain(htmlEscaped(message(locale, 'NotFoundPage.text')));
  }
});

test('the not-found picture is fetched at once on the not-found page, and by no other page', async ({
  request,
}) => {
  const notFound = await (await request.get('/ro/pagina-care-nu-exista')).text();
  // The page's largest element: eager and high priority, not lazy.
  expect(notFound).toMatch(/<img[^>]*src="\/images\/not-found\.svg"[^>]*fetchPriority="high"/);
  expect(notFound).not.toMatch(/<img[^>]*src="\/images\/not-found\.svg"[^>]*loading="lazy"/);
  // Every other page carries the view unrendered (the not-found boundary): no preload of its picture.
  for (const url of ['/ro', '/ro/vignette/car', '/en/faq']) {
    const html = await (await request.get(url)).text();
    expect(html, url).not.toMatch(/rel="preload"[^>]*not-found\.svg/);
    expect(html, url).not.toContain('HL[\\"/images/not-found.svg');
  }
});

test('the page language sets <html lang> and og:locale', async ({ request }) => {
  for (const [locale, ogLocale] of [
    ['ro', 'ro_RO'],
    ['en', 'en_US'],
    ['de', 'de_DE'],
    ['hu', 'hu_HU'],
  ] as const) {
    const html = await (await request.get(`/${locale}/contact`)).text();
    expect(html).toContain(`<html lang="${locale}"`);
    expect(html).toContain(`<meta property="og:locale" content="${ogLocale}"/>`);
    for (const other of locales) expect(html).toContain(`hrefLang="${other}" href="`);
    expect(html).toContain('hrefLang="x-default"');
    expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/contact"/);
  }
});

test('the security headers are on pages, redirects, API answers and static files', async ({ request }) => {
  const home = await request.get('/ro');
  const script = (await home.text()).match(/src="(\/_next\/static\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  for (const url of ['/ro', '/ro/faq/viniete-prices', '/xyz', '/api/health', '/sitemap.xml', script!]) {
    const response = await request.get(url, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], url).toContain("object-src 'none'");
    expect(headers['content-security-policy'], url).toContain('form-action');
    expect(headers['strict-transport-security'], url).toContain('max-age=');
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
  }
});

test("the scripts the pages run on load carry V8's compile hint (compiled while they download)", async ({
  request,
}) => {
  for (const page of ['/ro', '/ro/faq', '/hu/contact']) {
    const html = await (await request.get(page)).text();
    // Script tags, or preloads a page's payload starts once it is in (lib/server/page-payload.ts).
    const scripts = [
      ...html.matchAll(
        /<(?:script src|link rel="preload" as="script" fetchPriority="low" href)="(\/_next\/static\/chunks\/[^"]+\.js)"(?: async=""|\/>)/g,
      ),
    ].map((m) => m[1]!);
    expect(scripts.length, page).toBeGreaterThan(3);
    for (const script of scripts) {
      expect(
        (await (await request.get(script)).text()).startsWith('//# allFunctionsCalledOnLoad\n'),
        script,
      ).toBe(true);
    }
  }
});

test('the translation dictionaries are served from the same message files', async ({ request }) => {
  for (const locale of locales) {
    const onDisk = JSON.parse(
      fs.readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8'),
    );
    // At the address of this build's texts, kept for good; at any other (the mobile app's, an older release's page),
    // the same texts, kept a few minutes (lib/i18n/texts-address.ts).
    for (const [file, cacheControl] of [
      [`${locale}.${messagesVersion()}.json`, VERSIONED_CACHE_CONTROL],
      [`${locale}.json`, UNVERSIONED_CACHE_CONTROL],
      [`${locale}.000000000000.json`, UNVERSIONED_CACHE_CONTROL],
    ]) {
      const response = await request.get(`/assets/i18n/${file}`);
      expect(response.status(), file).toBe(200);
      expect(response.headers()['cache-control'], file).toBe(cacheControl);
      expect(await response.json()).toEqual(onDisk);
    }
  }
});

test('sitemap.xml lists every public page in every language, robots.txt keeps crawlers out of /admin and /api', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const locale of locales) {
    for (const page of [
      '',
      '/contact',
      '/faq',
      '/gdpr',
      '/terms-conditions',
      '/cookie-policy',
      '/faq/transactions-refund',
    ]) {
      expect(sitemap).toMatch(new RegExp(`<loc>https?://[^<]+/${locale}${page}</loc>`));
    }
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain('Disallow: /api/');
  expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
});

test('home and contact carry Organization JSON-LD with the contact point', async ({ request }) => {
  for (const url of ['/ro', '/hu/contact']) {
    const html = await (await request.get(url)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
      JSON.parse(match[1]!),
    );
    const organization = blocks.find((block) => block['@type'] === 'Organization');
    expect(organization?.contactPoint?.telephone).toBeTruthy();
    expect(organization?.address?.addressLocality).toBe('Deva');
  }
});

test('the contact page shows the company details, the map and its link', async ({ page }) => {
  await page.goto('/ro/contact');
  await expect(page.getByText('202.000 lei')).toBeVisible();
  await expect(page.getByText('J20/1234/2019', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: message('ro', 'ContactPage.mapAlt') })).toBeVisible();
  await expect(page.getByRole('link', { name: message('ro', 'ContactPage.mapLink') })).toHaveAttribute(
    'href',
    /openstreetmap\.org/,
  );
});

test('the home page links the two products and dims the ones to come', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/en');
  const grid = page.locator('#products-heading + p + ul');
  await expect(grid.locator('li')).toHaveCount(6);
  await expect(grid.getByRole('link')).toHaveCount(2);
  await expect(grid.getByRole('link', { name: /Hungarian vignette/ })).toHaveAttribute(
    'href',
    '/en/vignette',
  );
  await expect(grid.getByRole('link', { name: /Prepaid top-ups/ })).toHaveAttribute('href', '/en/prepay');
  await expect(grid.getByText(message('en', 'HomePage.soon'), { exact: true })).toHaveCount(4);
  const columns = async () =>
    (await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns)).split(' ').length;
  expect(await columns()).toBe(3);
  await page.setViewportSize({ width: 1200, height: 900 });
  expect(await columns()).toBe(2);
  await page.setViewportSize({ width: 900, height: 900 });
  expect(await columns()).toBe(1);
  // On the smallest screens the introduction is short (no tagline): its h1 says what is sold, and both products
  // that can be bought are on the first screen, before the four to come.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByText(message('en', 'HomePage.tagline'))).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'HomeIntro.heading'));
  await expect(grid.getByRole('link', { name: /Hungarian vignette/ })).toBeInViewport({ ratio: 1 });
  await expect(grid.getByRole('link', { name: /Prepaid top-ups/ })).toBeInViewport({ ratio: 1 });
  expect(
    await grid.locator('li').evaluateAll((items) => items.map((item) => item.dataset.available)),
  ).toEqual(['true', 'true', 'false', 'false', 'false', 'false']);
});

test('the payment pages show the e-mail of the query parameter as text, never as markup', async ({
  page,
}) => {
  await page.goto('/en/payment/successful?email=driver%40example.ro');
  await expect(page.getByTestId('outcome-email')).toHaveText(
    message('en', 'PaymentSuccessPage.text').replace('{email}', 'driver@example.ro'),
  );

  const hostile = '<img src=x onerror="window.__pwned=1">';
  await page.goto(`/de/payment/timeout?email=${encodeURIComponent(hostile)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    message('de', 'PaymentTimeoutPage.heading'),
  );
  await expect(page.getByTestId('outcome-email')).toContainText(hostile);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
});

test.describe('on a phone', () => {
  test.use(LIGHTHOUSE_PHONE);

  test("a legal text's sections are rendered when they come near, and a contents link still reaches its section", async ({
    page,
  }) => {
    await page.goto('/ro/gdpr');
    const sections = page.locator('article > section');
    expect(await sections.count()).toBeGreaterThan(5);
    const last = sections.last();
    /** Whether the browser has rendered the section's heading: false while `content-visibility: auto` skips it. */
    const rendered = () =>
      last.locator('h2').evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered()).toBe(false);

    const id = await last.getAttribute('id');
    await page.locator(`nav[aria-labelledby="contents-title"] a[href="#${id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(last.locator('h2')).toBeInViewport();
    await expect.poll(rendered).toBe(true);
    await expect(last.locator('h2')).toHaveText(/\S/);
  });
});
