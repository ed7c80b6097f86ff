import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '@/lib/i18n/routing';
import { paidVignetteOrder } from './support/checkout';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';

/*
 * The validity check by plate on a 375 px phone, in Romanian and in Hungarian: a vignette paid here is found by its
 * plate typed any way (spaces, lower case), upcoming from tomorrow, with the note that only this shop's vignettes are
 * shown and the official check linked; the page shows nothing of the buyer (no e-mail, no order id) in its HTML; a
 * refused plate is told with the order form's hint, and the same page works without JavaScript; axe checks each step.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Plates of this run: the e2e store lives for the run, but a rerun against a kept server must not collide. */
const SUFFIX = String(Date.now()).slice(-3);

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

async function expectNoAxeViolations(page: Page, step: string) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(
    results.violations.map((violation) => `${step}: ${violation.id} (${violation.nodes.length})`),
  ).toEqual([]);
}

/** No sideways scrolling on the phone: the page is as wide as the screen. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const CASES: { locale: Locale; plate: string; typed: string; email: string }[] = [
  {
    locale: 'ro',
    plate: `CJ${SUFFIX.slice(0, 2)}CHK`,
    typed: `cj ${SUFFIX.slice(0, 2)}-chk`,
    email: 'check-ro@example.ro',
  },
  { locale: 'hu', plate: `CHK${SUFFIX}`, typed: `chk-${SUFFIX}`, email: 'check-hu@example.ro' },
];

for (const { locale, plate, typed, email } of CASES) {
  const country = locale === 'ro' ? 'RO' : 'HU';

  test(`${locale}: a vignette paid here is found by its plate, upcoming, with nothing of the buyer`, async ({
    page,
    browser,
    request,
  }) => {
    const orderId = await paidVignetteOrder(browser, request, { plate, country, email });
    // Delivered by the fulfilment job shortly after the payment: the API says when.
    await expect
      .poll(
        async () => {
          const answer = await request.get(`/api/vignettes/check?plate=${plate}&country=${country}`);
          return ((await answer.json()) as { vignettes: unknown[] }).vignettes.length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    await page.goto(`/${locale}/vignette/check`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      message(locale, 'VignetteCheckPage.heading'),
    );
    await expect(page.getByTestId('only-this-shop')).toContainText(
      message(locale, 'VignetteCheckPage.onlyThisShop'),
    );
    await expect(page.getByTestId('official-check')).toHaveAttribute(
      'href',
      'https://ematrica.nemzetiutdij.hu/',
    );
    await expectNoAxeViolations(page, `${locale} form`);

    await page.getByLabel(message(locale, 'VignetteForm.country.label')).selectOption(country);
    await page
      .getByRole('textbox', { name: message(locale, 'VignetteForm.plate.label'), exact: true })
      .fill(typed);
    await page.getByRole('button', { name: message(locale, 'VignetteCheckPage.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]plate=`));
    const found = page.getByTestId('plate-check-vignette');
    await expect(found).toHaveCount(1);
    await expect(found).toHaveAttribute('data-status', 'UPCOMING');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, `${locale} results`);

    // The answer about one plate is kept out of search engines and caches.
    const answer = await page.request.get(`/${locale}/vignette/check?plate=${plate}&country=${country}`);
    expect(answer.headers()['cache-control']).toContain('no-store');
    const html = await answer.text();
    expect(html).toContain('noindex');
    expect(html).not.toContain(email);
    expect(html).not.toContain(orderId);
    expect(html.toLowerCase()).not.toMatch(/[a-z0-9._-]+@example\.ro/);
  });

  test(`${locale}: a refused plate is told with the order form's hint, without JavaScript too`, async ({
    browser,
    page: scripted,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    // The letter O among a Romanian plate's digits.
    await page.goto(`/${locale}/vignette/check?plate=B12OXYZ&country=RO`);
    const plateField = page.getByRole('textbox', {
      name: message(locale, 'VignetteForm.plate.label'),
      exact: true,
    });
    await expect(plateField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('plate-check-results')).toHaveCount(0);
    // A plate nobody bought here: said plainly, with where else to look.
    await plateField.fill('B999ZZZ');
    await page.getByRole('button', { name: message(locale, 'VignetteCheckPage.submit') }).click();
    await expect(page.getByTestId('plate-check-none')).toBeVisible();
    const answered = page.url();
    await context.close();
    // axe runs as a script of the page: the same answer, read where scripts run.
    await scripted.goto(answered);
    await expect(scripted.getByTestId('plate-check-none')).toBeVisible();
    await expectNoAxeViolations(scripted, `${locale} nothing found`);
  });
}
