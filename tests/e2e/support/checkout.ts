import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { XSRF_HEADERS } from './xsrf';
import { receivedMail } from './smtp-sink';

/** The sandbox provider's accepted test card, on its hosted form. */
export async function payWithAcceptedCard(page: Page) {
  await page.locator('input[name="cardNumber"]').fill('9900004810225098');
  await page.locator('input[name="expiry"]').fill('12/30');
  await page.locator('input[name="cvv"]').fill('111');
  await page.locator('button[type="submit"]').click();
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
