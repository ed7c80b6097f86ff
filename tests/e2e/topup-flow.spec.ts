import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mailFor, payWithAcceptedCard } from './support/checkout';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';

/*
 * Prepaid top-ups through the UI on a phone: a DIRECT Orange top-up in Romanian with the mouse, a PIN Vodafone
 * top-up in German with the keyboard alone, each paid with the sandbox card and confirmed by an e-mail at the real
 * SMTP server the tests start; the errors next to their fields; Telekom's customers sent to Digi.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function axeViolations(page: Page) {
  await expect(page.getByTestId('loading-bar')).not.toHaveAttribute('data-visible');
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    (violation) => `${violation.id} (${violation.nodes.length}): ${violation.help}`,
  );
}

/** The order "Pay" created, as the sandbox provider's form shows it (the browser has left the shop's page). */
const orderIdOnPaymentForm = async (page: Page) => {
  await page.waitForURL(/\/sandbox-pay\//);
  return (await page
    .getByText(/^[\w-]{22}$/)
    .first()
    .textContent())!.trim();
};

test.use({ viewport: { width: 375, height: 740 } });

test.beforeEach(async ({ context, baseURL }) => {
  await answerCookieNotice(context, baseURL);
});

test('a DIRECT Orange top-up in Romanian: operator, amount, number twice, pay, e-mail with the reference', async ({
  page,
}) => {
  const ro = (key: string) => message('ro', `TopUpForm.${key}`);
  await page.goto('/ro/prepay');
  await expect(page.getByTestId('operators').locator('li')).toHaveCount(4);
  expect(await axeViolations(page)).toEqual([]);
  await page.locator('[data-operator="orange"] a').click();
  await expect(page).toHaveURL(/\/ro\/prepay\/orange$/);

  await page.locator('[data-product="orange-10"]').click();
  await page.getByLabel(ro('phone').replace('{operator}', 'Orange PrePay')).fill('0722 123 456');
  await page.getByLabel(ro('phoneConfirm')).fill('+40 722 123 456');
  await page.getByLabel(ro('email')).fill('sofer@example.ro');
  const summary = page.getByTestId('topup-summary');
  await expect(summary).toContainText('0722 123 456');
  await expect(summary).toContainText('62,00');
  await page.getByRole('checkbox', { name: ro('terms') }).check();
  await page.getByTestId('pay-button').click();
  const orderId = await orderIdOnPaymentForm(page);
  await payWithAcceptedCard(page);
  await expect(page).toHaveURL(/\/ro\/payment\/successful\?orderId=/);

  // E-mails name the order by the short reference the page shows.
  const reference = (await page.getByTestId('order-reference').textContent())!;
  const mail = await mailFor(orderId);
  expect(mail.subject).toContain(reference);
  expect(mail.text).toContain('Orange PrePay');
  expect(mail.text).toContain('0722 123 456');
  expect(mail.text).toMatch(/Referința furnizorului\W+\d{7,9}\b/);
  expect(mail.text).toContain(message('ro', 'OrderEmail.directNote'));
  expect(mail.attachments.some((attachment) => attachment.contentType === 'application/pdf')).toBe(true);

  // The order page tells what was delivered, and never shows a PIN nor the whole number (its link is enough to open it).
  await page.goto(`/ro/order/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'FULFILLED');
  await expect(page.getByTestId('order-topup')).toContainText('07** *** 456');
  await expect(page.getByTestId('order-topup')).not.toContainText('0722 123 456');
});

test('a PIN Vodafone top-up in German with the keyboard alone; the PIN arrives by e-mail', async ({
  page,
}) => {
  const de = (key: string) => message('de', `TopUpForm.${key}`);
  await page.goto('/de/prepay/vodafone');
  await expect(page.locator('h1')).toContainText('Vodafone Cartela');

  // The amounts are one radio group: focus it, move with the arrow keys to the 10 EUR PIN code.
  await page.locator('[data-product="vodafone-5"] input').focus();
  const products = await page
    .locator('[data-product]')
    .evaluateAll((labels) => labels.map((label) => label.getAttribute('data-product')));
  for (let step = 0; step < products.indexOf('vodafone-pin-10'); step++)
    await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-product="vodafone-pin-10"] input')).toBeChecked();

  await page.keyboard.press('Tab');
  await expect(page.getByLabel(de('phone').replace('{operator}', 'Vodafone Cartela'))).toBeFocused();
  await page.keyboard.type('0040 733 000 111');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0733000111');
  await page.keyboard.press('Tab');
  await page.keyboard.type('fahrer@example.de');
  // Past the optional invoice data's switch to the terms.
  const terms = page.getByRole('checkbox', { name: de('terms') });
  for (let press = 0; press < 4 && !(await terms.evaluate((box) => box === document.activeElement)); press++)
    await page.keyboard.press('Tab');
  await expect(terms).toBeFocused();
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await expect(page.getByTestId('topup-summary')).toContainText('fahrer@example.de');

  await page.getByTestId('pay-button').focus();
  await page.keyboard.press('Enter');
  const orderId = await orderIdOnPaymentForm(page);
  await payWithAcceptedCard(page);
  await expect(page).toHaveURL(/\/de\/payment\/successful\?orderId=/);

  const mail = await mailFor(orderId);
  expect(mail.text).toContain('Vodafone Cartela');
  expect(mail.text).toContain(message('de', 'OrderEmail.pin'));
  expect(mail.text).toMatch(/\b\d{16}\b/);
  expect(mail.text).toContain(message('de', 'OrderEmail.pinInstructions'));
});

test('errors show next to their fields in the visitor language, and the form passes axe with them', async ({
  page,
}) => {
  const en = (key: string) => message('en', `TopUpForm.${key}`);
  await page.goto('/en/prepay/digi');
  await page.getByTestId('pay-button').click();
  await expect(page.getByText(message('en', 'Validation.productUnknown'))).toBeVisible();
  await expect(page.getByText(message('en', 'Validation.phoneRequired'))).toBeVisible();
  await expect(page.getByText(message('en', 'Validation.termsRequired'))).toBeVisible();

  const phone = page.getByLabel(en('phone').replace('{operator}', 'Digi PrePay'));
  await phone.fill('021 312 3456');
  await page.getByTestId('pay-button').click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(message('en', 'Validation.phoneNotMobile'))).toBeVisible();

  await phone.fill('0744 555 666');
  await page.getByLabel(en('phoneConfirm')).fill('0744 555 667');
  await page.getByTestId('pay-button').click();
  await expect(page.getByText(en('errors.phoneMismatch'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("Telekom's former prepaid customers are told their numbers moved and sent to Digi", async ({ page }) => {
  await page.goto('/hu/prepay');
  await page.locator('[data-operator="telekom"] a').click();
  await expect(page).toHaveURL(/\/hu\/prepay\/telekom$/);
  await expect(page.getByTestId('telekom-notice')).toHaveText(message('hu', 'PrepayPage.telekom.text'));
  await page.getByRole('link', { name: message('hu', 'PrepayPage.telekom.link') }).click();
  await expect(page).toHaveURL(/\/hu\/prepay\/digi$/);
  await expect(page.getByText(message('hu', 'PrepayPage.telekom.onDigi'))).toBeVisible();
});
