import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { DateTime } from 'luxon';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { E2E_PAYMENT_TTL_SECONDS } from '../../playwright.config';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';
import { startBuiltServer, startShop, waitUntilHealthy } from './support/shop-process';
import { receivedMail } from './support/smtp-sink';
import { XSRF_HEADERS } from './support/xsrf';

const day = (offset: number) =>
  DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: offset }).toISODate()!;

test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

async function placeOrder(request: APIRequestContext, plate: string, email: string, locale = 'ro') {
  const response = await request.post('/api/nmps/orders/order', {
    headers: XSRF_HEADERS,
    data: {
      items: [{ categoryCode: 'CAR', type: 'WEEK', startDate: day(1), plate, country: 'RO' }],
      email,
      locale,
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { orderId: string; paymentUrl: string; amountRon: number };
}

async function payWithCard(page: Page, cardNumber: string) {
  await page.locator('input[name="cardNumber"]').fill(cardNumber);
  await page.locator('input[name="expiry"]').fill('12/30');
  await page.locator('input[name="cvv"]').fill('111');
  await page.locator('button[type="submit"]').click();
}

test('the accepted test card pays on the hosted form, the buyer lands on the success page, and the e-mail arrives', async ({
  page,
  request,
}) => {
  const email = `pay-ok-${Date.now()}@example.ro`;
  const order = await placeOrder(request, 'HD34KLM', email);
  await page.goto(order.paymentUrl);
  await expect(page.getByTestId('sandbox-amount')).toContainText(
    (order.amountRon / 100).toFixed(2).replace('.', ','),
  );
  await payWithCard(page, '9900004810225098');
  await expect(page).toHaveURL(/\/ro\/payment\/successful\?orderId=/);
  // The address is not in the URL; the page reads it from the order, masked: only its first letter and its domain.
  expect(page.url()).not.toContain('example.ro');
  await expect(page.getByTestId('outcome-email')).toContainText(`${email[0]}***@example.ro`);
  await expect(page.getByTestId('outcome-email')).not.toContainText(email);
  // The order's number, its vignette, and the way to its page.
  await expect(page.getByTestId('order-number')).toContainText(order.orderId);
  await expect(page.getByTestId('order-vignette')).toContainText('HD34KLM');
  await expect(page.getByTestId('outcome-next')).toHaveAttribute('href', `/ro/order/${order.orderId}`);

  await expect
    .poll(
      async () =>
        (await receivedMail(process.env.E2E_MAIL_DIR!)).find((mail) => mail.text?.includes(order.orderId)),
      { timeout: 30_000 },
    )
    .toBeTruthy();
  const mail = (await receivedMail(process.env.E2E_MAIL_DIR!)).find((candidate) =>
    candidate.text?.includes(order.orderId),
  )!;
  expect(mail.text).toMatch(/HU-EM-[0-9A-F]{12}/);
  expect(mail.text).toContain('HD34KLM');
  expect(
    mail.attachments.some(
      (attachment) =>
        attachment.contentType === 'application/pdf' &&
        attachment.content.subarray(0, 5).toString() === '%PDF-',
    ),
  ).toBe(true);

  // The order page shows the issued vignette, and the invoice-bearing e-mail can be sent again.
  await page.goto(`/ro/order/${order.orderId}`);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'FULFILLED');
  await expect(page.getByTestId('issued-id')).toHaveText(/HU-EM-/);
});

test('the 3-D Secure test card asks for the code, then pays', async ({ page, request }) => {
  const order = await placeOrder(request, 'CJ56NPR', `pay-3ds-${Date.now()}@example.ro`, 'hu');
  await page.goto(order.paymentUrl);
  await payWithCard(page, '9900009184214768');
  await expect(page).toHaveURL(/\/sandbox-pay\/.+\/3ds$/);
  await page.locator('input[name="code"]').fill('123');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/hu\/payment\/successful/);
});

test('a declined card shows why, and the same order is paid again with another card', async ({
  page,
  request,
}) => {
  const order = await placeOrder(request, 'BV78RST', `pay-declined-${Date.now()}@example.ro`);
  await page.goto(order.paymentUrl);
  await payWithCard(page, '9900518572831942');
  await expect(page).toHaveURL(new RegExp(`/ro/order/${order.orderId}$`));
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'FAILED');
  await expect(page.getByTestId('order-status')).toHaveText(message('ro', 'OrderPage.status.FAILED'));
  await expect(page.getByTestId('decline-reason')).toHaveAttribute('data-reason', 'insufficientFunds');
  await expect(page.getByTestId('decline-reason')).toContainText(
    message('ro', 'PayAgain.reasons.insufficientFunds'),
  );
  const state = await (await request.get(`/api/orders/${order.orderId}`)).json();
  expect(state).toMatchObject({ status: 'FAILED', payment: { declineReason: 'insufficientFunds' } });

  await page.getByTestId('pay-again').click();
  await page.waitForURL(/\/sandbox-pay\//);
  expect(page.url()).not.toBe(order.paymentUrl);
  await payWithCard(page, '9900004810225098');
  await expect(page).toHaveURL(new RegExp(`/ro/payment/successful\\?orderId=${order.orderId}$`));
  await expect(page.getByTestId('order-number')).toContainText(order.orderId);
});

test('an expired payment form lands on the timeout page', async ({ page, request }) => {
  test.setTimeout((E2E_PAYMENT_TTL_SECONDS + 60) * 1000);
  const email = `pay-expired-${Date.now()}@example.ro`;
  const order = await placeOrder(request, 'SB90TUV', email, 'de');
  await page.goto(order.paymentUrl);
  // The form reloads itself when its time is up and sends the buyer back to the shop.
  await expect(page).toHaveURL(/\/de\/payment\/timeout\?orderId=/, {
    timeout: (E2E_PAYMENT_TTL_SECONDS + 30) * 1000,
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    message('de', 'PaymentTimeoutPage.heading'),
  );
  // The address travels in the page's URL, so it is masked there: only its first letter and its domain.
  await expect(page.getByTestId('outcome-email')).toContainText(`${email[0]}***@example.ro`);
  await expect(page.getByTestId('outcome-email')).not.toContainText(email);
  // Within the hour the same order can be paid again; the reason is the time that ran out.
  await expect(page.getByTestId('decline-reason')).toHaveAttribute('data-reason', 'timeRanOut');
  await expect(page.getByTestId('pay-again')).toBeVisible();
});

/** The 3-D Secure step on a host name other than SITE_URL's: its redirects stay on the host the buyer used. */
async function payWithThreeDsAt(page: Page, paymentUrl: string, host: string, locale: string) {
  const atHost = new URL(paymentUrl);
  atHost.hostname = host;
  await page.goto(atHost.href);
  await payWithCard(page, '9900009184214768');
  await expect(page).toHaveURL(new RegExp(`^http://${host}:\\d+/sandbox-pay/.+/3ds$`));
  await page.locator('input[name="code"]').fill('123');
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`^http://${host}:\\d+/${locale}/payment/successful`));
}

test('the 3-D Secure card pays at 127.0.0.1 while SITE_URL says localhost, and the other way round', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // This shop's SITE_URL is http://localhost:<port>; the buyer uses 127.0.0.1.
  const order = await placeOrder(request, 'CJ57NPR', `pay-host-${Date.now()}@example.ro`);
  expect(new URL(order.paymentUrl).hostname).toBe('localhost');
  await payWithThreeDsAt(page, order.paymentUrl, '127.0.0.1', 'ro');

  // A shop whose SITE_URL says 127.0.0.1, used at localhost.
  const port = 3512;
  const shop = startBuiltServer(port, {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'road-host-')),
    SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SMTP_URL: undefined,
  });
  try {
    await waitUntilHealthy(shop);
    const other = await request.post(`http://127.0.0.1:${port}/api/nmps/orders/order`, {
      headers: XSRF_HEADERS,
      data: {
        items: [{ categoryCode: 'CAR', type: 'WEEK', startDate: day(1), plate: 'CJ58NPR', country: 'RO' }],
        email: 'host@example.ro',
        locale: 'en',
        acceptTerms: true,
      },
    });
    expect(other.status()).toBe(201);
    const { paymentUrl } = (await other.json()) as { paymentUrl: string };
    expect(new URL(paymentUrl).hostname).toBe('127.0.0.1');
    await payWithThreeDsAt(page, paymentUrl, 'localhost', 'en');
  } finally {
    await shop.stop();
  }
});

test('with no configuration at all, the e-mail of a paid order is written to DATA_DIR/outbox', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-outbox-'));
  // A shop as `npm start` brings it up: no SMTP_URL, the sandbox provider, the embedded database.
  const shop = startShop(3110, {
    DATA_DIR: dataDir,
    SMTP_URL: undefined,
    SANDBOX_PAYMENT_TTL_SECONDS: undefined,
  });
  try {
    await waitUntilHealthy(shop);
    const response = await fetch(`${shop.url}/api/nmps/orders/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...XSRF_HEADERS },
      body: JSON.stringify({
        items: [{ categoryCode: 'MOTOR', type: 'DAY', startDate: day(0), plate: 'AR11BCD', country: 'RO' }],
        email: 'outbox@example.ro',
        locale: 'en',
        acceptTerms: true,
      }),
    });
    expect(response.status).toBe(201);
    const { orderId, paymentUrl } = (await response.json()) as { orderId: string; paymentUrl: string };
    // The form is served by that shop (its public address in the test run is another port: use its own).
    await page.goto(paymentUrl.replace(/^https?:\/\/[^/]+/, shop.url));
    await payWithCard(page, '9900004810225098');

    const outbox = path.join(dataDir, 'outbox');
    // Only the finished messages: a `.tmp` file is being written and may be renamed between listing and reading it.
    const readMessage = (file: string) => {
      try {
        return fs.readFileSync(path.join(outbox, file), 'utf8');
      } catch {
        return '';
      }
    };
    const emlFor = () =>
      fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter((file) => file.endsWith('.eml'))
            .find((file) => readMessage(file).includes(orderId))
        : undefined;
    await expect.poll(emlFor, { timeout: 60_000 }).toBeTruthy();
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, emlFor()!)));
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('outbox@example.ro');
    expect(mail.text).toMatch(/HU-EM-[0-9A-F]{12}/);
    expect(mail.attachments.some((attachment) => attachment.contentType === 'application/pdf')).toBe(true);
  } finally {
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
