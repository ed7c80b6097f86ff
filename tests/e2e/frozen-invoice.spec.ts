import { expect, test, type Locator, type Page } from '@playwright/test';
import { compileCiusRo, describeAsserts, fatalOnly, validateCiusRo } from '../support/cius-ro';
import { adminText, bodyOf, signIn, orderDetailsButton, orderDetailsDialog } from './support/back-office';
import { paidVignetteOrder } from './support/checkout';
import { message } from './support/messages';
import { receivedMail } from './support/smtp-sink';

/*
 * An invoice ANAF accepted never changes (docs/decisions/0023-frozen-documents.md), walked on a phone as staff: a
 * vignette whose plate the sandbox issuer refuses is paid, its invoice goes to the e-Factura sandbox and is accepted,
 * the delivery fails; staff correct the plate, and the invoice's XML downloads byte for byte as before, while a
 * storno and a new invoice appear in the order's details, go to e-Factura, are accepted, validate under the official
 * CIUS-RO rules and reach the buyer in one e-mail.
 */

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });
test.describe.configure({ mode: 'serial' });

const ro = adminText;
const SUFFIX = String(Date.now()).slice(-3);
/** The sandbox issuer refuses plates beginning with FAIL: this order's delivery fails at every attempt. */
const FAILING_PLATE = `FAIL${SUFFIX}`;
const CORRECTED_PLATE = `M AB ${SUFFIX}`;
const EMAIL = `frozen-e2e-${SUFFIX}@example.ro`;
const ACCEPTED = message('ro', 'Admin.efactura.statuses.ACCEPTED');

let orderId = '';
/** The invoice's XML as staff downloaded it once ANAF had accepted it. */
let acceptedXml = '';

async function openOrder(page: Page): Promise<Locator> {
  await page.goto('/admin/transactions');
  await page.getByLabel(ro('transactions.filters.search'), { exact: true }).fill(EMAIL);
  const open = await orderDetailsButton(page, orderId);
  await expect(open).toBeVisible();
  await open.click();
  return await orderDetailsDialog(page, orderId);
}

/** Downloads by a button's name in the order's details: the file's text. */
async function downloadText(page: Page, scope: Locator, name: string | RegExp): Promise<string> {
  const download = page.waitForEvent('download');
  await scope.getByRole('button', { name }).first().click();
  return (await bodyOf(await download)).toString('utf8');
}

function expectValid(xml: string, sef: string) {
  const fatal = fatalOnly(validateCiusRo(xml, sef));
  expect(fatal, describeAsserts(fatal)).toEqual([]);
}

test.beforeAll(async ({ browser, request }) => {
  orderId = await paidVignetteOrder(browser, request, { plate: FAILING_PLATE, country: 'DE', email: EMAIL });
});

test('the invoice is accepted by e-Factura, and its XML is what staff download', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/transactions/);
  // The e-Factura job runs every 10 s and asks ANAF (the sandbox) again after 10 s, then 30 s.
  await expect
    .poll(
      async () => {
        const details = await openOrder(page);
        const efactura = details.getByRole('region', { name: ro('efactura.title') });
        return (await efactura.count()) > 0 ? efactura.innerText() : '';
      },
      { timeout: 180_000, intervals: [10_000] },
    )
    .toContain(ACCEPTED);
  const details = await openOrder(page);
  acceptedXml = await downloadText(page, details, ro('details.downloadInvoiceXml'));
  expect(acceptedXml).toContain(FAILING_PLATE);
  expect(acceptedXml).toMatch(/<Invoice[\s>]/);
});

test('a plate corrected after acceptance leaves the accepted XML as it was, and issues a storno and a new invoice', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const sef = compileCiusRo();
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/transactions/);
  // Five delivery attempts on the delivery job's 15-second timer.
  await expect
    .poll(async () => (await openOrder(page)).innerText(), { timeout: 150_000, intervals: [5_000] })
    .toContain(message('ro', 'Admin.statuses.FULFILLMENT_FAILED'));

  let details = await openOrder(page);
  await details
    .getByRole('button', { name: ro('actions.correct.buttonLabel', { plate: FAILING_PLATE }) })
    .click();
  const form = page.getByRole('dialog', { name: ro('actions.correct.title', { plate: FAILING_PLATE }) });
  await form.getByLabel(ro('actions.correct.plate')).fill(CORRECTED_PLATE);
  await form.getByRole('button', { name: ro('actions.correct.save') }).click();
  const corrected = CORRECTED_PLATE.replace(/\s/g, '');
  await expect(details).toContainText(corrected);

  // The correction: the old invoice, its storno and the new invoice, each with its own number.
  const corrections = details.getByRole('region', { name: ro('corrections.title') });
  await expect(corrections).toContainText(/RPVS-\d{4}-\d{6}/);
  const numbers = (await corrections.innerText()).match(/RPVS?-\d{4}-\d{6}/g) ?? [];
  const [replaced, storno, replacement] = [...new Set(numbers)];
  expect(replaced).toMatch(/^RPV-/);
  expect(storno).toMatch(/^RPVS-/);
  expect(replacement).toMatch(/^RPV-/);
  expect(replacement).not.toBe(replaced);
  // The history says so too.
  await expect(details).toContainText(
    ro('events.invoice.reissued', { replaced: replaced!, creditNote: storno!, invoice: replacement! }),
  );

  // The invoice ANAF accepted downloads byte for byte as before.
  const xmlButton = (number: string) =>
    new RegExp(`^${ro('details.downloadInvoiceXml')}: ${number}$`.replace(/[.*+?()[\]]/g, '\\$&'));
  expect(await downloadText(page, corrections, xmlButton(replaced!))).toBe(acceptedXml);

  await details.getByRole('button', { name: ro('actions.retry.button') }).click();
  await expect(details).toContainText(message('ro', 'Admin.statuses.FULFILLED'));

  // Both new documents go to e-Factura and are accepted: three documents accepted in all.
  await expect
    .poll(
      async () => {
        details = await openOrder(page);
        const efactura = details.getByRole('region', { name: ro('efactura.title') });
        return ((await efactura.innerText()).match(new RegExp(ACCEPTED, 'g')) ?? []).length;
      },
      { timeout: 180_000, intervals: [10_000] },
    )
    .toBe(3);
  details = await openOrder(page);
  const region = details.getByRole('region', { name: ro('corrections.title') });
  const stornoXml = await downloadText(page, region, xmlButton(storno!));
  const newXml = await downloadText(page, region, xmlButton(replacement!));
  expect(stornoXml).toMatch(/<CreditNote[\s>]/);
  expect(stornoXml).toContain(FAILING_PLATE);
  expect(newXml).toContain(corrected);
  expect(newXml).not.toContain(FAILING_PLATE);
  expectValid(stornoXml, sef);
  expectValid(newXml, sef);
  expect(await downloadText(page, region, xmlButton(replaced!))).toBe(acceptedXml);

  // The buyer gets both documents in one e-mail.
  await expect
    .poll(
      async () =>
        (await receivedMail(process.env.E2E_MAIL_DIR!))
          .find((mail) => mail.text?.includes(orderId) && mail.attachments.length === 2)
          ?.attachments.map((attachment) => attachment.filename),
      { timeout: 60_000 },
    )
    .toEqual(expect.arrayContaining([`factura-stornare-${storno}.pdf`, `factura-${replacement}.pdf`]));
});
