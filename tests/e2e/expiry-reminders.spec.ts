import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { addWeekVignette, fillCheckout, vignetteForm } from './support/checkout';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';

/*
 * Expiry reminders in the browser: the checkout's consent is a separate box, unticked until the buyer ticks it, and
 * travels with the order; the unsubscribe page changes nothing until its button is pressed, and the one-click POST
 * needs no session and no anti-forgery header; a link that does not hold says so, in the page's language. The
 * reminders themselves (their day, their e-mail, exactly once) are proven with a controlled clock in
 * tests/integration/reminders.
 */

const SUFFIX = String(Date.now()).slice(-5);

test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

test('the reminder consent is unticked by default and goes with the order once ticked', async ({ page }) => {
  test.setTimeout(120_000);
  const t = vignetteForm('hu');
  await addWeekVignette(page, 'hu', `CJ${SUFFIX.slice(-2)}REM`);
  const checkout = await fillCheckout(page, 'hu', `reminders-${SUFFIX}@example.ro`);
  const consent = checkout.getByRole('checkbox', { name: t('checkout.remindMe') });
  await expect(consent).not.toBeChecked();
  await consent.check();
  const ordered = page.waitForRequest(
    (request) => request.url().endsWith('/api/nmps/orders/order') && request.method() === 'POST',
  );
  await checkout.getByRole('button', { name: new RegExp(t('checkout.payPlain')) }).click();
  expect((await ordered).postDataJSON()).toMatchObject({ remindBeforeEnd: true, acceptTerms: true });
  // The order goes on to the payment form. Ended mid-way, the test's page would still be navigating when its context
  // is closed, and Chromium can hold that close until the test's time runs out.
  await page.waitForURL(/\/sandbox-pay\//);
});

test('an order without the box ticked carries no consent', async ({ page }) => {
  test.setTimeout(120_000);
  const t = vignetteForm('ro');
  await addWeekVignette(page, 'ro', `CJ${SUFFIX.slice(-2)}NOR`);
  const checkout = await fillCheckout(page, 'ro', `no-reminders-${SUFFIX}@example.ro`);
  const ordered = page.waitForRequest(
    (request) => request.url().endsWith('/api/nmps/orders/order') && request.method() === 'POST',
  );
  await checkout.getByRole('button', { name: new RegExp(t('checkout.payPlain')) }).click();
  expect((await ordered).postDataJSON()).not.toHaveProperty('remindBeforeEnd');
  await page.waitForURL(/\/sandbox-pay\//);
});

for (const locale of ['ro', 'de'] as const) {
  test(`the unsubscribe page asks first, and says when a link does not hold (${locale})`, async ({
    page,
  }) => {
    const t = (key: string) => message(locale, `ReminderUnsubscribePage.${key}`);
    await page.goto(`/${locale}/reminders/unsubscribe?token=1.AAAAAAAAAAAAAAAAAAAAAA`);
    await expect(page.getByRole('heading', { level: 1, name: t('heading') })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoAxeViolations(page, 'unsubscribe page');
    await page.getByRole('button', { name: t('button') }).click();
    await expect(page.getByTestId('reminder-unsubscribe-problem')).toHaveText(t('invalid'));
    await expectNoAxeViolations(page, 'link refused');
  });
}

test('the one-click POST needs no session or anti-forgery header; a GET only leads to the page', async ({
  playwright,
  baseURL,
}) => {
  // A mail client's request: no cookie, no XSRF header.
  const client = await playwright.request.newContext({ baseURL });
  const posted = await client.post('/api/reminders/unsubscribe?token=1.AAAAAAAAAAAAAAAAAAAAAA', {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  // Refused for its token, not for the missing anti-forgery header.
  expect(posted.status()).toBe(404);
  expect(await posted.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  const opened = await client.get('/api/reminders/unsubscribe?token=1.AAAAAAAAAAAAAAAAAAAAAA&lang=hu', {
    maxRedirects: 0,
  });
  expect(opened.status()).toBe(303);
  expect(opened.headers().location).toMatch(/\/hu\/reminders\/unsubscribe\?token=/);
  await client.dispose();
});

test('"buy the same again" from a link that does not hold says so', async ({ page }) => {
  const t = (key: string) => message('en', `ReminderAgainPage.${key}`);
  await page.goto('/en/reminders/again?token=nonsense');
  await expect(page.getByRole('heading', { level: 1, name: t('heading') })).toBeVisible();
  await expect(page.getByTestId('reminder-again-problem')).toHaveText(t('invalid'));
  await expectNoAxeViolations(page, 'again page');
});
