import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { message } from './support/messages';

test('the bare address redirects to the Romanian shop', async ({ request }) => {
  const response = await request.get('/', { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers()['location']).toBe('/ro');
});

test('/ro opens in Chromium in Romanian, and axe finds no violations', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/ro$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('ro', 'HomeIntro.heading'));
  await expect(page).toHaveTitle(message('ro', 'HomePage.meta.title'));

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});

test('every language has its own home page', async ({ page }) => {
  for (const locale of ['en', 'de', 'hu'] as const) {
    await page.goto(`/${locale}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByText(message(locale, 'HomePage.tagline'))).toBeVisible();
  }
});

test('GET /api/health answers ok with a request id', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
  expect(response.headers()['x-request-id']).toMatch(/^[\w-]{8,}$/);
});
