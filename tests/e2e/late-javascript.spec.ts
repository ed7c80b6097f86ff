import { expect, test, type Page } from '@playwright/test';
import { mailFor, payWithAcceptedCard } from './support/checkout';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';

/*
 * The purchase pages with their JavaScript arriving late, as on a phone at a border crossing: every script chunk is
 * held until the test lets it through. The server-rendered form shows its prices at once and clearly waits: its
 * controls are disabled until the scripts run (lib/client/use-hydrated.ts). Before that, a submit was the browser's
 * own, a GET of the page with every field in the address (the phone and e-mail in the history and access logs), and
 * React reset what had been chosen. Once the scripts have run, the purchase completes (issue 16).
 */

const ro = (key: string) => message('ro', key);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Holds every script chunk of the page until the returned function lets them through. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether React has taken over the element (hydration attaches its fiber to each element it adopts). */
const isHydrated = (page: Page, selector: string) =>
  page.evaluate((target) => {
    const element = document.querySelector(target);
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);

const hydrated = (page: Page, selector: string) =>
  expect.poll(() => isHydrated(page, selector), { timeout: 30_000 }).toBe(true);

/** The order "Pay" created, as the sandbox provider's form shows it (the browser has left the shop's page). */
async function orderIdOnPaymentForm(page: Page) {
  await page.waitForURL(/\/sandbox-pay\//);
  return (await page
    .getByText(/^[\w-]{22}$/)
    .first()
    .textContent())!.trim();
}

const TOPUP_FORM = '[data-testid="topup-form"]';
const VIGNETTE_FORM = '[data-testid="vignette-item-form"]';
const PHONE = '0722 123 456';

test.use({ viewport: { width: 375, height: 740 } });

test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

test('the purchase forms are in the HTML with their prices, visible before any script has run', async ({
  page,
}) => {
  const release = await holdScripts(page);

  await page.goto('/ro/prepay/orange', { waitUntil: 'domcontentloaded' });
  const amounts = page.locator('[data-product]');
  expect(await amounts.count()).toBeGreaterThanOrEqual(3);
  for (const amount of await amounts.all()) {
    await expect(amount).toBeVisible();
    await expect(amount).toContainText(/\d+,\d{2}\s*EUR/);
    await expect(amount).toContainText(/\d+,\d{2}\s*RON/);
  }
  await expect(page.getByLabel(ro('TopUpForm.phone').replace('{operator}', 'Orange PrePay'))).toBeVisible();
  await expect(page.getByTestId('pay-button')).toBeVisible();
  expect(await isHydrated(page, TOPUP_FORM)).toBe(false);
  // It waits, and shows it: nothing can be chosen or sent before the scripts run.
  await expect(page.getByLabel(ro('TopUpForm.phone').replace('{operator}', 'Orange PrePay'))).toBeDisabled();
  await expect(page.getByTestId('pay-button')).toBeDisabled();

  await page.goto('/ro/vignette/car', { waitUntil: 'domcontentloaded' });
  const periods = page.locator(VIGNETTE_FORM).getByRole('radio');
  await expect(periods).toHaveCount(5);
  for (const period of await periods.all()) {
    await expect(period).toBeVisible();
    // Each period is named with its price.
    await expect(period).toHaveAccessibleName(/\d+,\d{2}\s*RON/);
  }
  await expect(page.getByRole('button', { name: ro('VignetteForm.add.button') })).toBeDisabled();
  await expect(periods.first()).toBeDisabled();
  expect(await isHydrated(page, VIGNETTE_FORM)).toBe(false);
  release();
  await hydrated(page, VIGNETTE_FORM);
  await expect(page.getByRole('button', { name: ro('VignetteForm.add.button') })).toBeEnabled();
});

test('a top-up: the form waits for its scripts, then the purchase completes', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/ro/prepay/orange', { waitUntil: 'domcontentloaded' });
  const phone = page.getByLabel(ro('TopUpForm.phone').replace('{operator}', 'Orange PrePay'));
  await expect(phone).toBeDisabled();
  release();
  await hydrated(page, TOPUP_FORM);
  await expect(phone).toBeEnabled();

  await page.locator('[data-product="orange-10"]').click();
  await phone.fill(PHONE);
  await page.getByLabel(ro('TopUpForm.phoneConfirm')).fill(PHONE);
  await page.getByLabel(ro('TopUpForm.email')).fill('late-js@example.ro');
  await page.getByRole('checkbox', { name: ro('TopUpForm.terms') }).check();
  await expect(page.getByTestId('topup-summary')).toContainText(PHONE);
  await page.getByTestId('pay-button').click();
  const orderId = await orderIdOnPaymentForm(page);
  await payWithAcceptedCard(page);
  await expect(page).toHaveURL(/\/ro\/payment\/successful\?orderId=/);
  expect((await mailFor(orderId)).text).toContain(PHONE);
});

test('a top-up: "Pay" pressed before the scripts ran sends nothing, to the address or elsewhere', async ({
  page,
}) => {
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  const release = await holdScripts(page);
  await page.goto('/ro/prepay/orange', { waitUntil: 'domcontentloaded' });
  // A disabled button: a press (even forced past Playwright's own wait) submits nothing.
  await page.getByTestId('pay-button').click({ force: true });
  await page.waitForTimeout(1_000);
  expect(page.url()).not.toContain('?');
  expect(addresses.filter((address) => /phone=|email=|productId=/.test(address))).toEqual([]);
  release();
  await hydrated(page, TOPUP_FORM);
  await expect(page.getByTestId('pay-button')).toBeEnabled();
});

test('a vignette: once the scripts have run the purchase completes', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/ro/vignette/car', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('button', { name: ro('VignetteForm.add.button') })).toBeVisible();
  expect(await isHydrated(page, VIGNETTE_FORM)).toBe(false);
  release();
  await hydrated(page, VIGNETTE_FORM);

  await page
    .getByRole('radio', { name: new RegExp(`^${escape(ro('VignetteForm.periods.MONTH.name'))}`) })
    .check();
  // The calendar opens on today; Enter takes it.
  await page.getByLabel(ro('VignetteForm.start.label')).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: ro('VignetteForm.calendar.dialog') })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: ro('VignetteForm.plate.label'), exact: true }).fill('HD34LTE');
  await page.getByRole('checkbox', { name: /HD34LTE/ }).check();
  await page.getByRole('button', { name: ro('VignetteForm.add.button') }).click();
  await expect(page.getByTestId('cart-item')).toHaveCount(1);

  const checkout = page.getByTestId('vignette-checkout');
  await checkout.getByLabel(ro('VignetteForm.checkout.email')).fill('late-vignette@example.ro');
  await checkout
    .getByRole('checkbox', {
      name: new RegExp(`^${escape(ro('VignetteForm.checkout.terms').slice(0, 40))}`),
    })
    .check();
  await expect(checkout.getByTestId('summary-item')).toHaveCount(1);
  await checkout.getByTestId('pay-button').click();
  const orderId = await orderIdOnPaymentForm(page);
  await payWithAcceptedCard(page);
  await expect(page).toHaveURL(/\/ro\/payment\/successful\?orderId=/);
  expect((await mailFor(orderId)).text).toContain('HD34LTE');
});

test('a vignette: "Add to cart" pressed before the scripts ran does not reload the page with the form in the address', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/ro/vignette/car', { waitUntil: 'domcontentloaded' });
  const add = page.getByRole('button', { name: ro('VignetteForm.add.button') });
  await add.click({ force: true });
  await page.waitForTimeout(1_000);
  expect(page.url()).not.toContain('?');
  release();
  await hydrated(page, VIGNETTE_FORM);
  await expect(add).toBeEnabled();
  await expect(page.getByTestId('cart-item')).toHaveCount(0);
});
