import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import type { Locale } from '@/lib/i18n/routing';
import { message } from './messages';
import { XSRF_HEADERS } from './xsrf';
import { receivedMail } from './smtp-sink';

/** The sandbox provider's accepted test card, on its hosted form. */
export async function payWithAcceptedCard(page: Page) {
  await page.locator('input[name="cardNumber"]').fill('9900004810225098');
  await page.locator('input[name="expiry"]').fill('12/30');
  await page.locator('input[name="cvv"]').fill('111');
  await page.locator('button[type="submit"]').click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The vignette form's texts in one language. */
export const vignetteForm = (locale: Locale) => (key: string) => message(locale, `VignetteForm.${key}`);

/**
 * A D1 10-day vignette from today for `plate`, put into the cart on the car page, pointer and keyboard alike. The
 * calendar is awaited before its day is chosen: a late dialog would cover the plate's confirmation box.
 */
export async function addWeekVignette(page: Page, locale: Locale, plate: string) {
  const t = vignetteForm(locale);
  await page.goto(`/${locale}/vignette/car`);
  await page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(t('periods.WEEK.name'))}`) }).check();
  await page.getByLabel(t('start.label')).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: t('calendar.dialog') })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: t('plate.label'), exact: true }).fill(plate);
  await page.getByRole('checkbox', { name: new RegExp(plate) }).check();
  await page.getByRole('button', { name: t('add.button') }).click();
  await expect(page.getByTestId('cart-item')).toHaveCount(1);
}

/** The checkout under the cart filled with `email` and the terms accepted: the checkout's locator. */
export async function fillCheckout(page: Page, locale: Locale, email: string) {
  const t = vignetteForm(locale);
  const checkout = page.getByTestId('vignette-checkout');
  await checkout.getByLabel(t('checkout.email')).fill(email);
  await checkout
    .getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(t('checkout.terms').slice(0, 40))}`) })
    .check();
  await expect(checkout.getByTestId('summary-item')).toHaveCount(1);
  return checkout;
}

/** The e-mail of an order, once it has reached the tests' SMTP server. */
export async function mailFor(orderId: string) {
  const find = async () =>
    (await receivedMail(process.env.E2E_MAIL_DIR!)).find((mail) => mail.text?.includes(orderId));
  await expect.poll(find, { timeout: 30_000 }).toBeTruthy();
  return (await find())!;
}

/**
 * A week's CAR vignette for tomorrow, ordered through the API as a buyer would and paid on the provider's form with
 * the accepted card: the order's id. Its delivery is left to the shop's jobs.
 */
export async function paidVignetteOrder(
  browser: Browser,
  request: APIRequestContext,
  { plate, country, email }: { plate: string; country: string; email: string },
): Promise<string> {
  const startDate = DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;
  const response = await request.post('/api/nmps/orders/order', {
    headers: XSRF_HEADERS,
    data: {
      items: [{ categoryCode: 'CAR', type: 'WEEK', startDate, plate, country }],
      email,
      locale: 'ro',
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(201);
  const order = (await response.json()) as { orderId: string; paymentUrl: string };
  const page = await browser.newPage();
  await page.goto(order.paymentUrl);
  await payWithAcceptedCard(page);
  await expect(page).toHaveURL(/\/payment\//);
  await page.close();
  return order.orderId;
}
