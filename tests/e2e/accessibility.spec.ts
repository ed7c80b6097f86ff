import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { locales } from '@/lib/i18n/routing';

const PAGES = [
  '',
  '/contact',
  '/faq',
  '/faq/viniete-prices',
  '/gdpr',
  '/terms-conditions',
  '/cookie-policy',
  '/payment/successful?email=a%40b.ro',
  '/payment/timeout',
  '/404',
];

for (const locale of locales) {
  test(`axe finds no violations on the public pages in ${locale}`, async ({ page }) => {
    for (const path of PAGES) {
      await page.goto(`/${locale}${path}`);
      await expect(page.locator('main')).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(
        results.violations.map(
          (violation) => `${path}: ${violation.id} (${violation.nodes.length}): ${violation.help}`,
        ),
      ).toEqual([]);
    }
  });
}

test('axe finds no violations with the mobile menu open and with the cookie notice shown', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/ro');
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  let results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await page.getByRole('button', { name: /meniul/ }).click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
  results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});
