import { expect, type Page } from '@playwright/test';
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
