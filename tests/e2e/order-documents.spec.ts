import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';
import { receivedMail } from './support/smtp-sink';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * An order's documents name the buyer: the browser that placed the order downloads them from its page, the link in
 * the order's e-mail opens them anywhere, and a visitor holding the id alone is offered to have them sent to the
 * order's own address.
 */

const tomorrow = () => DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;

test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

/** Places an order through `request` (the page's own, so that its browser keeps the order's key) and pays it. */
async function placeAndPay(page: Page, request: APIRequestContext, email: string) {
  const response = await request.post('/api/nmps/orders/order', {
    headers: XSRF_HEADERS,
    data: {
      items: [{ categoryCode: 'CAR', type: 'WEEK', startDate: tomorrow(), plate: 'CJ77DOC', country: 'RO' }],
      email,
      locale: 'ro',
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(201);
  const order = (await response.json()) as { orderId: string; paymentUrl: string };
  await page.goto(order.paymentUrl);
  await page.locator('input[name="cardNumber"]').fill('9900004810225098');
  await page.locator('input[name="expiry"]').fill('12/30');
  await page.locator('input[name="cvv"]').fill('111');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/ro\/payment\/successful\?orderId=/);
  return order.orderId;
}

test('the documents open in the placing browser and from the e-mail’s link; the id alone has them e-mailed', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `docs-${Date.now()}@example.ro`;
  const orderId = await placeAndPay(page, page.request, email);

  // The browser that placed the order downloads its invoice from the order page.
  await page.goto(`/ro/order/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'FULFILLED', {
    timeout: 30_000,
  });
  const link = page.getByTestId('invoice-download');
  await expect(link).toBeVisible();
  const download = await page.request.get((await link.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');

  // Anyone else holding the id alone: no document, 403 from the API, and the offer to e-mail them.
  expect((await request.get(`/api/orders/${orderId}/invoice`)).status()).toBe(403);
  const stranger = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await answerCookieNotice(stranger, baseURL);
  const other = await stranger.newPage();
  await other.goto(`/ro/order/${orderId}`);
  await expect(other.getByTestId('invoice-download')).toHaveCount(0);
  await other.getByRole('button', { name: message('ro', 'OrderPage.sendDocuments') }).click();
  await expect(other.getByText(message('ro', 'OrderPage.documentsSent'))).toBeVisible();

  // The e-mail goes to the order's address, and its link opens the documents in any browser.
  await expect
    .poll(
      async () =>
        (await receivedMail(process.env.E2E_MAIL_DIR!)).find(
          (mail) => mail.text?.includes(orderId) && mail.text.includes('/invoice?t='),
        ),
      { timeout: 30_000 },
    )
    .toBeTruthy();
  const mail = (await receivedMail(process.env.E2E_MAIL_DIR!)).find(
    (candidate) => candidate.text?.includes(orderId) && candidate.text.includes('/invoice?t='),
  )!;
  const orderLink = new RegExp(`https?://[^\\s]+/ro/order/${orderId}\\?t=[\\w-]+`).exec(mail.text!)![0];
  await other.goto(new URL(orderLink).pathname + new URL(orderLink).search);
  const emailed = other.getByTestId('invoice-download');
  await expect(emailed).toBeVisible();
  expect((await other.request.get((await emailed.getAttribute('href'))!)).status()).toBe(200);
  await stranger.close();
});
