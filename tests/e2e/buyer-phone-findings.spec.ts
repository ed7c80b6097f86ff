import { expect, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { E2E_PAYMENT_TTL_SECONDS } from '../../playwright.config';
import { payWithAcceptedCard } from './support/checkout';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * A buyer on a 375 px phone: an order whose card form was left, opened later from its link, offers "pay now" and is
 * paid; its page names the order by its short reference and shows each vignette's validity in a few lines; the FAQ's
 * price table says that it scrolls sideways.
 */

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });
test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

const SUFFIX = String(Date.now()).slice(-3);
const tomorrow = () => DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;

test('ro: an order whose payment was left is paid from its link, and its page reads well on a phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const response = await page.request.post('/api/nmps/orders/order', {
    headers: XSRF_HEADERS,
    data: {
      items: [
        { categoryCode: 'CAR', type: 'MONTH', startDate: tomorrow(), plate: `B${SUFFIX}LFT`, country: 'RO' },
      ],
      email: 'left@example.ro',
      locale: 'ro',
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(201);
  const { orderId } = (await response.json()) as { orderId: string };

  // The buyer never pays on the form; it expires.
  await page.waitForTimeout((E2E_PAYMENT_TTL_SECONDS + 2) * 1000);
  await page.goto(`/ro/order/${orderId}`);
  await expect(page.getByTestId('order-reference')).toHaveText(/^RP-[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/);
  // The provider may have told the shop by now that the form expired (the sandbox notifies it on its next pass, as
  // Netopia may): the order then ended as EXPIRED ("time ran out", "pay again"). Until it does, the order still waits
  // and was left ("not finished", "pay now"). Either way nothing is awaited any more and the buyer can pay it.
  const reason = page.getByTestId('decline-reason');
  await expect(reason).toHaveAttribute('data-reason', /^(notFinished|timeRanOut)$/);
  const notified = (await reason.getAttribute('data-reason')) === 'timeRanOut';
  const payNow = page.getByTestId('pay-again');
  if (notified) {
    await expect(payNow).toHaveText(message('ro', 'PayAgain.button'));
  } else {
    await expect(page.getByTestId('order-status')).toContainText(
      message('ro', 'OrderPage.statusNotFinished'),
    );
    await expect(payNow).toHaveText(message('ro', 'PayAgain.payNow'));
  }
  await payNow.click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await payWithAcceptedCard(page);
  await expect(page).toHaveURL(/\/payment\/successful|\/order\//);

  await page.goto(`/ro/order/${orderId}`);
  // Delivered: a page still waiting for the payment or the issuing reloads itself every 3 s, under the checks below.
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'FULFILLED', {
    timeout: 30_000,
  });
  // The validity takes a few lines under its label, not 7-9 beside a long one.
  const validity = page.getByTestId('validity').first();
  const lineHeight = await validity.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  const { height } = (await validity.boundingBox())!;
  expect(height / lineHeight).toBeLessThanOrEqual(4);
  // No horizontal scroll on the page itself.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("ro: the FAQ's price table says on a phone that it scrolls sideways", async ({ page }) => {
  await page.goto('/ro/faq/viniete');
  const table = page.getByTestId('price-table').first();
  await expect(table).toBeVisible();
  const hint = page.getByTestId('price-table-scroll-hint').first();
  await expect(hint).toBeVisible();
  await expect(hint).toHaveText(message('ro', 'FaqUi.priceTable.scrollHint'));
  // The table is wider than its region: the hint is not a lie.
  const region = table.locator('xpath=..');
  const [scrollWidth, clientWidth] = await region.evaluate((element) => [
    element.scrollWidth,
    element.clientWidth,
  ]);
  expect(scrollWidth).toBeGreaterThan(clientWidth);
});
