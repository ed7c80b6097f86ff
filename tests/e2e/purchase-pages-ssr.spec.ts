import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Catalog } from '@/lib/catalog/catalog';
import { formatHuf, formatRon } from '@/lib/i18n/format';
import { locales } from '@/lib/i18n/routing';
import type { TopUpOperator } from '@/lib/topups/catalog';
import { SELLABLE_CATEGORIES } from '@/lib/vignettes/categories';
import { E2E_ADMIN } from './support/back-office';
import { XSRF_HEADERS } from './support/xsrf';

// The purchase pages as a crawler and a phone's first paint get them: the server's HTML, no JavaScript.

/** The JSON-LD blocks of a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** The page's visible text as the HTML carries it: scripts (the data, the structured data) left out. */
const markupOf = (html: string) =>
  html
    .replace(/<script\b[^>]*>.*?<\/script>/gs, '')
    .replaceAll('<!-- -->', '')
    .replaceAll('&amp;', '&');

interface Offer {
  '@type': string;
  price: string;
  priceCurrency: string;
  availability: string;
}

function productOf(html: string) {
  const product = jsonLdOf(html).find((data) => data['@type'] === 'Product') as
    { name: string; url: string; offers: Offer[] } | undefined;
  expect(product, 'a Product in the JSON-LD').toBeDefined();
  return product!;
}

/** The start of three texts only a vignette page's checkout shows (lib/i18n/checkout-texts.ts), up to any escaped sign. */
function checkoutTextsOf(locale: string): string[] {
  const messages = JSON.parse(fs.readFileSync(path.join('messages', `${locale}.json`), 'utf8'));
  return [
    messages.VignetteForm.checkout.terms,
    messages.VignetteForm.checkout.payHint,
    messages.Billing.toggle,
  ].map((text: string) => text.split(/["'&<{\\]/)[0]!.slice(0, 24));
}

async function catalogOf(request: APIRequestContext): Promise<Catalog> {
  const response = await request.get('/api/nmps/utils/vignette/catalog');
  expect(response.status()).toBe(200);
  return (await response.json()) as Catalog;
}

test('every vignette page carries its prices and a Product with its offers in the server HTML, in every language', async ({
  request,
}) => {
  const catalog = await catalogOf(request);
  for (const category of SELLABLE_CATEGORIES) {
    const products = catalog.products.filter((product) => product.categoryCode === category.code);
    expect(products.length, category.code).toBeGreaterThan(0);
    // The form shows each period's price; in December's pre-sale, this year's yearly price first.
    const shown = [...new Set(products.map((product) => product.type))].map(
      (type) => products.filter((product) => product.type === type).sort((a, b) => a.year - b.year)[0]!,
    );
    for (const locale of locales) {
      const response = await request.get(`/${locale}/vignette/${category.slug}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const markup = markupOf(html);
      for (const product of shown) {
        expect(markup, `${locale} ${category.code} ${product.type}`).toContain(
          `${formatHuf(product.priceHuf, locale)} · ${formatRon(product.priceRon, locale)}`,
        );
      }
      // The form itself, not a loading notice.
      expect(markup).toContain('data-testid="vignette-item-form"');
      expect(markup).not.toContain('data-testid="catalog-loading"');
      // The checkout's texts come with its code once the cart holds a vignette, not in the page's document.
      for (const text of checkoutTextsOf(locale))
        expect(html, `${locale} ${category.code}`).not.toContain(text);

      const product = productOf(html);
      expect(product.url).toMatch(new RegExp(`/${locale}/vignette/${category.slug}$`));
      expect(product.offers.length).toBe(products.length * 2);
      for (const offer of product.offers) {
        expect(offer['@type']).toBe('Offer');
        expect(Number(offer.price)).toBeGreaterThan(0);
        expect(['RON', 'HUF']).toContain(offer.priceCurrency);
        expect(offer.availability).toBe('https://schema.org/InStock');
      }
      for (const product of products) {
        expect(product.priceHuf).toBeGreaterThan(0);
        expect(productOf(html).offers.map((offer) => `${offer.price} ${offer.priceCurrency}`)).toEqual(
          expect.arrayContaining([`${product.priceHuf} HUF`, `${(product.priceRon / 100).toFixed(2)} RON`]),
        );
      }
      const breadcrumbs = jsonLdOf(html).find((data) => data['@type'] === 'BreadcrumbList') as
        { itemListElement: { position: number; item: string }[] } | undefined;
      expect(breadcrumbs?.itemListElement.map((crumb) => crumb.position)).toEqual([1, 2, 3]);
    }
  }
});

test('every operator page carries its prices and a Product with its offers in the server HTML, in every language', async ({
  request,
}) => {
  const operators = (await (await request.get('/api/eps/utils/operators')).json()) as TopUpOperator[];
  expect(operators.length).toBeGreaterThan(0);
  for (const operator of operators) {
    for (const locale of locales) {
      const response = await request.get(`/${locale}/prepay/${operator.id}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const markup = markupOf(html);
      for (const product of operator.products)
        expect(markup, `${locale} ${product.id}`).toContain(formatRon(product.priceRon, locale));

      const product = productOf(html);
      expect(product.offers.map((offer) => [offer.price, offer.priceCurrency])).toEqual(
        operator.products.map((entry) => [(entry.priceRon / 100).toFixed(2), 'RON']),
      );
      for (const offer of product.offers) {
        expect(Number(offer.price)).toBeGreaterThan(0);
        expect(offer.availability).toBe('https://schema.org/InStock');
      }
    }
  }
});

test('the section pages carry their breadcrumb trail', async ({ request }) => {
  for (const section of ['vignette', 'prepay']) {
    const html = await (await request.get(`/en/${section}`)).text();
    const trail = jsonLdOf(html).find((data) => data['@type'] === 'BreadcrumbList') as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    expect(trail.itemListElement.map((crumb) => crumb.item)).toEqual([
      expect.stringMatching(/\/en$/),
      expect.stringMatching(new RegExp(`/en/${section}$`)),
    ]);
  }
});

test('the sitemap lists every product page in every language with its alternates', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const blocks = [...sitemap.matchAll(/<url>(.*?)<\/url>/gs)].map((match) => match[1]!);
  const operators = (await (await request.get('/api/eps/utils/operators')).json()) as TopUpOperator[];
  const paths = [
    ...SELLABLE_CATEGORIES.map((category) => `/vignette/${category.slug}`),
    ...operators.map((operator) => `/prepay/${operator.id}`),
  ];
  for (const path of paths) {
    for (const locale of locales) {
      const block = blocks.find((entry) => new RegExp(`<loc>[^<]+/${locale}${path}</loc>`).test(entry));
      expect(block, `${locale}${path}`).toBeDefined();
      for (const other of locales)
        expect(block).toMatch(new RegExp(`hreflang="${other}" href="[^"]+/${other}${path}"`));
    }
  }
});

test('the server-rendered form does not move when the browser takes it over', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A markup the browser would render otherwise (a hydration mismatch) is thrown away and drawn again.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (entry) => {
    if (entry.type() === 'error') errors.push(entry.text());
  });
  for (const slug of ['car', 'motor']) {
    await page.goto(`/ro/vignette/${slug}`);
    await expect(page.getByTestId('vignette-item-form')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const shift = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
    );
    test.info().annotations.push({ type: 'layout shift', description: `/ro/vignette/${slug}: ${shift}` });
    expect(shift).toBeLessThan(0.01);
  }
  expect(errors).toEqual([]);
});

test('the purchase pages are taken over by the browser without an Intl formatter', async ({ page }) => {
  // The first Intl formatter of a tab loads ICU's data (30-70 ms of a phone's main thread) in the task that hydrates
  // the form, which React cannot split: the page brings the texts the form's first render needs (lib/i18n/preformatted.ts).
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { intlMade: string[] }).intlMade = made;
    const record = (name: string) => made.push(`${name} ${new Error().stack?.split('\n')[3]?.trim() ?? ''}`);
    for (const name of [
      'NumberFormat',
      'DateTimeFormat',
      'Collator',
      'DisplayNames',
      'PluralRules',
      'ListFormat',
    ] as const) {
      const original = Intl[name] as unknown as (...args: unknown[]) => unknown;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(original, {
        construct: (target, args) => (record(`Intl.${name}`), Reflect.construct(target, args) as object),
        apply: (target, self, args) => (record(`Intl.${name}`), Reflect.apply(target, self, args)),
      });
    }
    const methods = [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [String.prototype, 'localeCompare'],
    ] as const;
    for (const [prototype, name] of methods) {
      const original = (prototype as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!;
      (prototype as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        record(name);
        return original.apply(this, args);
      };
    }
  });
  for (const [path, form] of [
    ['/ro/vignette/car', 'vignette-item-form'],
    ['/ro/vignette/trail', 'vignette-item-form'],
    ['/hu/vignette/motor', 'vignette-item-form'],
    ['/de/vignette/van', 'vignette-item-form'],
    ['/ro/prepay/orange', 'topup-form'],
    ['/en/prepay/vodafone', 'topup-form'],
  ] as const) {
    await page.goto(path);
    // Enabled once React has taken the form over (lib/client/use-hydrated.ts).
    await expect(page.getByTestId(form).getByRole('radio').first()).toBeEnabled();
    await page.waitForLoadState('networkidle');
    const made = await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade);
    expect(made, path).toEqual([]);
  }
});

test('only the server itself may ask for its pages to be regenerated', async ({ request }) => {
  for (const token of [undefined, 'guessed']) {
    const response = await request.post('/api/internal/catalog-revalidation', {
      headers: { ...XSRF_HEADERS, ...(token ? { 'X-Revalidation-Token': token } : {}) },
    });
    expect(response.status()).toBe(404);
  }
});

/** The e2e admin's token, for the back-office API. */
async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/login', { headers: XSRF_HEADERS, data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  return response.headers()['authorization']!;
}

test('a price changed in the back-office is on the FAQ table, the product page and the operator page within a minute', async ({
  request,
}) => {
  const authorization = await staffToken(request);
  const staff = { ...XSRF_HEADERS, authorization };
  const catalog = await catalogOf(request);
  const year = Number(catalog.date.slice(0, 4));

  // The motorcycle's monthly price: no other test asserts it.
  const sheet = (await (
    await request.get(`/api/admin/catalog/vignette-prices?year=${year}`, { headers: staff })
  ).json()) as { prices: { categoryCode: string; type: string; priceHuf: number }[] };
  const before = sheet.prices.find((price) => price.categoryCode === 'MOTOR' && price.type === 'MONTH')!;
  const changed = before.priceHuf + 7;
  const setMotorMonth = async (priceHuf: number) => {
    const response = await request.put('/api/admin/catalog/vignette-prices', {
      headers: staff,
      data: { year, prices: [{ categoryCode: 'MOTOR', type: 'MONTH', priceHuf }] },
    });
    expect(response.status()).toBe(200);
  };

  const topUps = (await (
    await request.get('/api/admin/catalog/topup-products', { headers: staff })
  ).json()) as {
    operators: {
      id: string;
      active: boolean;
      products: {
        id: string;
        operatorId: string;
        faceValueCents: number;
        priceBani: number;
        delivery: string;
        active: boolean;
      }[];
    }[];
  };
  const operator = topUps.operators.find((entry) => entry.active && entry.products.some((p) => p.active))!;
  const topUp = operator.products.findLast((product) => product.active)!;
  const setTopUpPrice = async (priceBani: number) => {
    const response = await request.put('/api/admin/catalog/topup-products', {
      headers: staff,
      data: {
        operators: [],
        products: [
          {
            id: topUp.id,
            operatorId: topUp.operatorId,
            faceValueCents: topUp.faceValueCents,
            delivery: topUp.delivery,
            active: topUp.active,
            priceBani,
          },
        ],
      },
    });
    expect(response.status()).toBe(200);
  };

  const faqCell = async () => {
    const html = await (await request.get('/ro/faq/viniete-prices')).text();
    return html.match(/<tr data-category="MOTOR">.*?data-type="MONTH"><span[^>]*>([\d.]+)<!-- --> HUF/s)?.[1];
  };
  const productPage = async () => {
    const html = await (await request.get('/ro/vignette/motor')).text();
    return {
      shown: markupOf(html).includes(formatHuf(changed, 'ro')),
      offered: productOf(html).offers.some((offer) => offer.price === String(changed)),
    };
  };
  const operatorPage = async () => {
    const html = await (await request.get(`/ro/prepay/${operator.id}`)).text();
    return markupOf(html).includes(formatRon(topUp.priceBani + 1, 'ro'));
  };

  // The pages as they are (prerendered, cached) before the change.
  expect(await faqCell()).toBe(formatHuf(before.priceHuf, 'ro').replace(/\D*$/, '').trim());
  await productPage();
  await operatorPage();
  try {
    await setMotorMonth(changed);
    await setTopUpPrice(topUp.priceBani + 1);
    const poll = { timeout: 60_000, intervals: [1_000] };
    await expect.poll(faqCell, poll).toBe(formatHuf(changed, 'ro').replace(/\D*$/, '').trim());
    await expect.poll(productPage, poll).toEqual({ shown: true, offered: true });
    await expect.poll(operatorPage, poll).toBe(true);
  } finally {
    await setMotorMonth(before.priceHuf);
    await setTopUpPrice(topUp.priceBani);
  }
  // And back: the old prices are shown again.
  await expect
    .poll(faqCell, { timeout: 60_000 })
    .toBe(formatHuf(before.priceHuf, 'ro').replace(/\D*$/, '').trim());
});
