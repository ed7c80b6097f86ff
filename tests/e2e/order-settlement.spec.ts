import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import {
  adminText,
  bodyOf,
  E2E_ADMIN,
  signIn,
  orderDetailsButton,
  orderDetailsDialog,
} from './support/back-office';
import { paidVignetteOrder } from './support/checkout';
import { message } from './support/messages';

/*
 * Staff settle orders that went wrong, in real Chromium and in Romanian: refund an order and download its credit
 * note; find a failed delivery among the orders that need a hand, correct its plate, retry it and see it delivered.
 * axe checks the new screens and dialogs.
 */

const ADMIN = E2E_ADMIN;
const ro = adminText;
const SUFFIX = String(Date.now()).slice(-3);
/** The sandbox issuer refuses plates beginning with FAIL: this order's delivery fails at every attempt. */
const FAILING_PLATE = `FAIL${SUFFIX}`;
const CORRECTED_PLATE = `M AB ${SUFFIX}`;
const REFUND_PLATE = `CJ${SUFFIX.slice(-2)}REF`;

test.describe.configure({ mode: 'serial' });

const orders = { failing: '', refunded: '' };

test.beforeAll(async ({ browser, request }) => {
  // The failing one first: its five delivery attempts run on the job's timer while the other tests go on.
  orders.failing = await paidVignetteOrder(browser, request, {
    plate: FAILING_PLATE,
    country: 'DE',
    email: 'settle-e2e@example.ro',
  });
  orders.refunded = await paidVignetteOrder(browser, request, {
    plate: REFUND_PLATE,
    country: 'RO',
    email: 'settle-e2e@example.ro',
  });
});

async function signInAsAdmin(page: Page) {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/transactions/);
}

async function openOrder(page: Page, search: string, orderId: string) {
  await page.getByLabel(ro('transactions.filters.search'), { exact: true }).fill(search);
  const open = await orderDetailsButton(page, orderId);
  await expect(open).toBeVisible();
  await open.click();
  return await orderDetailsDialog(page, orderId);
}

const expectNoAxeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
};

test('refunds a delivered order after a confirmation, and downloads its credit note', async ({ page }) => {
  await signInAsAdmin(page);
  const details = await openOrder(page, REFUND_PLATE.toLowerCase(), orders.refunded);
  await expect(details).toContainText(message('ro', 'Admin.statuses.FULFILLED'));
  await details.getByRole('button', { name: ro('actions.refund.button') }).click();

  const dialog = page.getByRole('dialog', { name: ro('actions.refund.title', { id: orders.refunded }) });
  await dialog.getByLabel(ro('actions.refund.reason')).fill('Cumpărătorul a vândut mașina');
  await dialog.getByRole('button', { name: ro('actions.refund.next') }).click();
  // The money moves only after the question is answered.
  await expect(dialog.getByText(/pe cardul cumpărătorului/)).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: /^Da, rambursează/ }).click();

  await expect(details).toContainText(message('ro', 'Admin.statuses.REFUNDED'));
  const refunds = details.getByRole('region', { name: ro('refunds.title') });
  await expect(refunds).toContainText(/RPVS-\d{4}-\d{6}/);
  const download = page.waitForEvent('download');
  await refunds
    .getByRole('button', { name: new RegExp(`^${ro('refunds.downloadCreditNote')} RPVS-`) })
    .click();
  const pdf = await download;
  expect((await bodyOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
});

test('finds a failed delivery among the orders that need a hand, corrects the plate, retries, sees it delivered', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  // Five attempts on the delivery job's 15-second timer.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page
          .getByRole('button', { name: new RegExp(`^${ro('attention.filter')}\\s*\\(\\s*\\d+\\s*\\)`) })
          .count();
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  // The buyer's order page says what happened and whom to ask, and no longer "being issued".
  await page.goto(`/ro/order/${orders.failing}`);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'FULFILLMENT_FAILED');
  await expect(page.getByTestId('order-help')).toContainText(
    message('ro', 'OrderPage.help').split('{')[0]!.trim(),
  );
  await expect(page.getByTestId('issued-id')).toHaveText(message('ro', 'OrderPage.notIssued'));
  await expectNoAxeViolations(page);
  await page.goto('/admin/transactions');
  await page.getByRole('button', { name: new RegExp(`^${ro('attention.filter')}`) }).click();
  const open = await orderDetailsButton(page, orders.failing);
  await expect(open).toBeVisible();
  await expectNoAxeViolations(page);
  await open.click();
  const details = await orderDetailsDialog(page, orders.failing);
  await expect(details).toContainText(message('ro', 'Admin.statuses.FULFILLMENT_FAILED'));
  await expect(details.getByRole('region', { name: ro('attention.title') })).toBeVisible();

  await details
    .getByRole('button', { name: ro('actions.correct.buttonLabel', { plate: FAILING_PLATE }) })
    .click();
  const form = page.getByRole('dialog', { name: ro('actions.correct.title', { plate: FAILING_PLATE }) });
  await form.getByLabel(ro('actions.correct.plate')).fill(CORRECTED_PLATE);
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: ro('actions.correct.save') }).click();
  const corrected = CORRECTED_PLATE.replace(/\s/g, '');
  await expect(details).toContainText(corrected);

  await details.getByRole('button', { name: ro('actions.retry.button') }).click();
  await expect(details).toContainText(message('ro', 'Admin.statuses.FULFILLED'));
  await expect(details).toContainText(/HU-EM-[0-9A-F]{12}/);
});

test('sets next year’s price of a vignette, after a confirmation', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('link', { name: ro('nav.catalog') }).click();
  const nextYear = String(DateTime.now().setZone(VIGNETTE_TIME_ZONE).year + 1);
  await page.getByLabel(ro('catalog.prices.year'), { exact: true }).selectOption(nextYear);
  const table = page.getByRole('table', { name: ro('catalog.prices.caption', { year: nextYear }) });
  await expect(table).toBeVisible();
  const price = table.getByRole('spinbutton', {
    name: `${ro('products.CAR')} ${ro('vignetteTypes.YEAR')}`,
    exact: true,
  });
  const newPrice = String(60_000 + Number(SUFFIX));
  await price.fill(newPrice);
  await page.getByRole('button', { name: ro('catalog.prices.save') }).click();
  const confirm = page.getByRole('dialog', { name: ro('catalog.prices.confirmTitle', { year: nextYear }) });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: ro('catalog.prices.confirm') }).click();
  await expect(page.getByText(ro('catalog.prices.saved', { year: nextYear }))).toBeVisible();
  await expectNoAxeViolations(page);

  // Read back from the server: a fresh page shows the saved price.
  await page.reload();
  await page.getByLabel(ro('catalog.prices.year'), { exact: true }).selectOption(nextYear);
  await expect(price).toHaveValue(newPrice);
});

test('reads in the audit log who refunded, corrected, retried and changed prices, filtered by action', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.getByRole('link', { name: ro('nav.audit') }).click();
  const log = page.getByRole('table', { name: ro('audit.caption') });
  await expect(log).toBeVisible();
  for (const action of ['refund', 'correctItem', 'retryDelivery']) {
    await expect(
      log
        .getByRole('row')
        .filter({ hasText: ro(`audit.actions.payment.${action}`) })
        .first(),
    ).toBeVisible();
  }
  await expect(
    log
      .getByRole('row')
      .filter({ hasText: ro('audit.actions.catalog.vignettePrices') })
      .first(),
  ).toBeVisible();

  await page.getByLabel(ro('audit.filters.action'), { exact: true }).selectOption('payment.refund');
  await expect(log.getByRole('row').filter({ hasText: ro('audit.actions.payment.correctItem') })).toHaveCount(
    0,
  );
  const refund = log.getByRole('row').filter({ hasText: orders.refunded });
  await expect(refund).toContainText(ADMIN.username);
  await expectNoAxeViolations(page);
});
