import { expect, test } from '@playwright/test';
import { addWeekVignette, fillCheckout, payWithAcceptedCard, vignetteForm } from './support/checkout';
import { answerCookieNotice } from './support/consent';

/*
 * A payment finished on another host name (3-D Secure sends the buyer back to the address the shop was first opened
 * at, or the buyer typed the other one): the tab's cart and checkout on the first host cannot see the success page.
 * Shown again there, the purchase page asks the order's real state first: a paid order empties the cart, and no
 * "payment not finished" invites a second purchase. On a 390 px phone.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const t = vignetteForm('ro');
// A county's plate has exactly two digits (three only in Bucharest).
const PLATE = `CJ${String(Date.now()).slice(-2)}HST`;

test('a vignette paid on another host name leaves no pending payment and an empty cart behind', async ({
  page,
  context,
  baseURL,
}) => {
  await answerCookieNotice(context, baseURL);
  const otherHost = baseURL!.replace('localhost', '127.0.0.1');
  await answerCookieNotice(context, otherHost);

  await addWeekVignette(page, 'ro', PLATE);
  const checkout = await fillCheckout(page, 'ro', 'sofor.gazda@example.ro');
  await checkout.getByTestId('pay-button').click();
  await page.waitForURL(/\/sandbox-pay\//);

  // The card form finished on the other host name, in the same tab: its success page cannot reach this host's cart.
  await page.goto(page.url().replace(new URL(page.url()).origin, otherHost));
  await payWithAcceptedCard(page);
  await page.waitForURL(/\/payment\/successful\?orderId=|\/order\//);

  // Back on the first host name: the order is paid, so nothing waits and the cart is empty.
  await page.goto(`${baseURL}/ro/vignette/car`);
  await expect(page.getByRole('button', { name: t('add.button') })).toBeVisible();
  await expect(page.getByTestId('cart-item')).toHaveCount(0);
  await expect(page.getByTestId('pending-checkout')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('vignetteCheckout'))).toBeNull();
});
