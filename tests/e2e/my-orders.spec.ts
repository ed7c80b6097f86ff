import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '@/lib/i18n/routing';
import { orderName } from './support/back-office';
import { mailFor, paidVignetteOrder } from './support/checkout';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';
import { receivedMail } from './support/smtp-sink';

/*
 * "My orders" without an account, on a 375 px phone, in Romanian and in Hungarian: a buyer who paid an order asks for
 * a link by e-mail, opens it (the link's page spends nothing until its button is pressed), sees the order with its
 * vignette to come, buys the same again into the cart, and signs out; the link a second time is refused with the form
 * to ask again; an address without orders is answered the same and gets no mail. axe checks every screen.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Addresses and plates of this run: the e2e store lives for the run, but a rerun against a kept server must not collide. */
const SUFFIX = String(Date.now()).slice(-5);

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

async function expectNoAxeViolations(page: Page, step: string) {
  if (await page.getByTestId('loading-bar').count())
    await expect(page.getByTestId('loading-bar')).not.toHaveAttribute('data-visible');
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(
    results.violations.map((violation) => `${step}: ${violation.id} (${violation.nodes.length})`),
  ).toEqual([]);
}

/** The sign-in links mailed to `email` so far, newest last. */
async function signInLinks(email: string): Promise<string[]> {
  const mails = await receivedMail(process.env.E2E_MAIL_DIR!);
  return mails
    .filter((mail) => JSON.stringify(mail.to ?? '').includes(email))
    .flatMap((mail) => /(https?:\/\/\S+\/orders\/sign-in\?token=\S+)/.exec(mail.text ?? '')?.[1] ?? []);
}

async function askForLink(page: Page, locale: Locale, email: string) {
  const t = (key: string) => message(locale, `MyOrdersPage.${key}`);
  await page.getByLabel(t('emailLabel')).fill(email);
  await page.getByRole('button', { name: t('submit') }).click();
  await expect(page.getByTestId('my-orders-sent')).toHaveText(t('sent').replace('{email}', email));
}

for (const locale of ['ro', 'hu'] as const) {
  test(`a buyer finds the order by e-mail and buys the same again (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = (key: string) => message(locale, `MyOrdersPage.${key}`);
    const email = `my-orders-${locale}-${SUFFIX}@example.ro`;
    const plate = `CJ${SUFFIX.slice(-2)}${locale === 'ro' ? 'MYR' : 'MYH'}`;
    const orderId = await paidVignetteOrder(browser, request, { plate, country: 'RO', email });
    // The confirmation is mailed once the vignette is issued.
    await mailFor(orderId);

    await page.goto(`/${locale}/orders`);
    await expect(page.getByRole('heading', { level: 1, name: t('heading') })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoAxeViolations(page, 'form');
    await askForLink(page, locale, email);
    await expectNoAxeViolations(page, 'link asked');

    await expect.poll(async () => (await signInLinks(email)).length, { timeout: 30_000 }).toBe(1);
    const [mailed] = await signInLinks(email);
    const link = new URL(mailed!);
    // Opening the link, as a mail scanner does, spends nothing and opens no session.
    await page.goto(`${link.pathname}${link.search}`);
    expect((await page.request.get('/api/my-orders')).status()).toBe(401);
    await expectNoAxeViolations(page, 'sign-in page');
    await page.getByRole('button', { name: t('signInButton') }).click();

    await expect(page).toHaveURL(new RegExp(`/${locale}/orders$`));
    const card = page.getByTestId('my-order').filter({ hasText: await orderName(page, orderId) });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('my-order-vignette')).toHaveAttribute('data-standing', 'UPCOMING');
    await expect(card.getByTestId('my-order-invoice')).toBeVisible();
    await expectNoAxeViolations(page, 'list');

    await card.getByRole('button', { name: t('sameAgain') }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/vignette/car$`));
    const cart = await page.evaluate(() => sessionStorage.getItem('vignetteCart'));
    expect(JSON.parse(cart ?? '[]')).toEqual([
      expect.objectContaining({ plate, country: 'RO', type: 'WEEK' }),
    ]);

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: t('signInButton') }).click();
    await expect(page.getByTestId('my-orders-redeem-problem')).toHaveText(t('linkGone'));
    await expect(page.getByLabel(t('emailLabel'))).toBeVisible();
    await expectNoAxeViolations(page, 'link used');

    await page.goto(`/${locale}/orders`);
    await page.getByRole('button', { name: t('signOut') }).click();
    await expect(page.getByLabel(t('emailLabel'))).toBeVisible();
    expect((await page.request.get('/api/my-orders')).status()).toBe(401);
  });

  test(`an address without orders is answered the same and gets no mail (${locale})`, async ({ page }) => {
    const email = `nobody-${locale}-${SUFFIX}@example.ro`;
    await page.goto(`/${locale}/orders`);
    await askForLink(page, locale, email);
    // The mail job runs at once on a kick; give it time to send what it would.
    await page.waitForTimeout(5_000);
    expect(await signInLinks(email)).toEqual([]);
  });
}
