import { expect, test, type Page } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { DateTime } from 'luxon';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { adminText, bodyOf, E2E_ADMIN, signIn, orderDetailsButton } from './support/back-office';
import { payWithAcceptedCard } from './support/checkout';
import { message } from './support/messages';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * The back-office in real Chromium, in its default language (Romanian): sign in, find a paid order by its plate,
 * open it, mark it active, export the transactions as XML and Excel, download the invoice, create a user, reset
 * their password, sign in as them (forced change), remove them; and a 401 sends the browser to /admin signed out.
 */

const ADMIN = E2E_ADMIN;
const ro = adminText;
const tomorrow = () => DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;
const PLATE = `AR${String(Date.now()).slice(-2)}MIN`;

test.describe.configure({ mode: 'serial' });

let orderId = '';

test.beforeAll(async ({ browser, request }) => {
  // A paid vignette order, as a buyer makes it: the API, then the provider's form.
  const response = await request.post('/api/nmps/orders/order', {
    headers: XSRF_HEADERS,
    data: {
      items: [{ categoryCode: 'CAR', type: 'WEEK', startDate: tomorrow(), plate: PLATE, country: 'RO' }],
      email: 'admin-e2e@example.ro',
      locale: 'ro',
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(201);
  const order = (await response.json()) as { orderId: string; paymentUrl: string };
  orderId = order.orderId;
  const page = await browser.newPage();
  await page.goto(order.paymentUrl);
  await payWithAcceptedCard(page);
  await expect(page).toHaveURL(/\/payment\/successful/);
  await page.close();
});

async function signOut(page: Page) {
  await page.getByRole('button', { name: ro('shell.signOut') }).click();
  await expect(page.getByRole('button', { name: ro('signIn.submit') })).toBeVisible();
}

test('finds an order by its plate, opens it, marks it active, and exports and downloads what accounting needs', async ({
  page,
}) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page.getByTestId('signed-in-user')).toContainText(ADMIN.username);
  await expect(page).toHaveURL(/\/admin\/transactions/);
  // The sales chart is a plot of the chosen range.
  await expect(page.getByTestId('sales-chart')).toBeVisible();
  await expect(page.getByTestId('sales-bar').first()).toBeAttached();

  await page.getByLabel(ro('transactions.filters.search'), { exact: true }).fill(PLATE.toLowerCase());
  const open = await orderDetailsButton(page, orderId);
  await expect(open).toBeVisible();
  await open.click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText(PLATE);
  await expect(details).toContainText(/HU-EM-[0-9A-F]{12}/);
  await expect(details).toContainText(message('ro', 'Admin.statuses.FULFILLED'));
  await details.getByRole('button', { name: ro('details.active.mark') }).click();
  await expect(details).toContainText(ro('details.active.marked'));
  await expect(details).toContainText(ADMIN.username);
  await details
    .getByRole('button', { name: ro('details.close') })
    .first()
    .click();

  // Exports of today's range: both formats hold the order.
  await page.getByRole('link', { name: ro('nav.exports') }).click();
  const xmlDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: ro('exports.download', { format: ro('exports.xml') }) }).click();
  const xml = (await bodyOf(await xmlDownload)).toString('utf8');
  const parsed = new XMLParser().parse(xml) as { payments: { payment: { id: string } | { id: string }[] } };
  const payments = ([] as { id: string }[]).concat(parsed.payments.payment);
  expect(payments.map((payment) => payment.id)).toContain(orderId);

  const excelDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: ro('exports.download', { format: ro('exports.excel') }) }).click();
  const excel = await excelDownload;
  expect(excel.suggestedFilename()).toMatch(/\.xlsx$/);
  expect((await bodyOf(excel)).subarray(0, 2).toString()).toBe('PK');

  // The order's invoice, found by the order id.
  await page.getByRole('link', { name: ro('nav.invoices') }).click();
  const invoiceSearch = page
    .getByRole('search', { name: ro('invoices.searchLabel') })
    .getByLabel(ro('invoices.search'), { exact: true });
  await invoiceSearch.fill(orderId);
  await invoiceSearch.press('Enter');
  const pdfDownload = page.waitForEvent('download');
  const downloadLabel = new RegExp(`^${ro('invoices.downloadLabel').split('{number}')[0]}RPV-`);
  await page.getByRole('button', { name: downloadLabel }).first().click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/RPV-\d{4}-\d{6}\.pdf$/);
  expect((await bodyOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
});

test('creates a user, resets their password, they sign in and must change it, then they are removed', async ({
  page,
}) => {
  const username = `e2e-clerk-${String(Date.now()).slice(-6)}`;
  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('link', { name: ro('nav.users') }).click();
  await page.getByLabel(ro('users.create.username'), { exact: true }).fill(username);
  await page.getByLabel(ro('users.create.role'), { exact: true }).selectOption('OPERATOR');
  await page.getByLabel(ro('users.create.password'), { exact: true }).fill('initial-password-1');
  await page.getByRole('button', { name: ro('users.create.submit') }).click();
  await expect(page.getByText(ro('users.create.created', { username }))).toBeVisible();

  await page.getByRole('button', { name: ro('users.reset.label', { username }) }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: ro('users.reset.confirm') })
    .click();
  const temporary = await page
    .getByRole('textbox', { name: ro('users.reset.passwordLabel'), exact: true })
    .inputValue();
  expect(temporary).toMatch(/^[A-Za-z2-9]{16}$/);
  await page.getByRole('button', { name: ro('users.reset.close') }).click();
  await signOut(page);

  // The clerk signs in with the temporary password and must choose their own before anything else.
  await signIn(page, username, temporary);
  await expect(page.getByRole('heading', { name: ro('password.forcedTitle') })).toBeVisible();
  await page.getByLabel(ro('password.current'), { exact: true }).fill(temporary);
  await page.getByLabel(ro('password.new'), { exact: true }).fill('clerk-own-password');
  await page.getByLabel(ro('password.confirm'), { exact: true }).fill('clerk-own-password');
  await page.getByRole('button', { name: ro('password.submit') }).click();
  await expect(page).toHaveURL(/\/admin\/transactions/);
  // An operator sees transactions and invoices, not users or exports.
  await expect(page.getByRole('link', { name: ro('nav.users') })).toHaveCount(0);
  await expect(page.getByRole('link', { name: ro('nav.exports') })).toHaveCount(0);
  await signOut(page);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.getByRole('link', { name: ro('nav.users') }).click();
  await page.getByRole('button', { name: ro('users.remove.label', { username }) }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: ro('users.remove.confirm') })
    .click();
  await expect(page.getByText(ro('users.remove.done', { username }))).toBeVisible();
  await expect(page.getByRole('cell', { name: username, exact: true })).toHaveCount(0);
});

test('a 401 from a secured call signs the browser out and sends it to /admin', async ({ page }) => {
  await signIn(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/transactions/);
  // The token is revoked on the server's side (here: tampered in storage), the next secured call answers 401.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('currentUser')!) as { username: string; token: string };
    localStorage.setItem('currentUser', JSON.stringify({ ...stored, token: `${stored.token}x` }));
  });
  await page.getByRole('link', { name: ro('nav.invoices') }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: ro('signIn.submit') })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('currentUser'), localStorage.getItem('principal')]),
  ).toEqual([null, null]);
});

test("the back-office runs only its own answer's scripts: a nonce per request, no inline allowance, and it still works", async ({
  page,
  request,
}) => {
  const first = await request.get('/admin');
  const second = await request.get('/admin');
  const policies = first
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'content-security-policy');
  // One policy: next.config's static one (inline scripts allowed) is not sent with the back-office's pages.
  expect(policies).toHaveLength(1);
  const scriptSource = (policy = '') => /script-src ([^;]+)/.exec(policy)?.[1] ?? '';
  const nonceOf = (source: string) => /'nonce-([^']+)'/.exec(source)?.[1];
  const source = scriptSource(policies[0]!.value);
  expect(source).toContain("'strict-dynamic'");
  expect(source).not.toContain("'unsafe-inline'");
  const nonce = nonceOf(source);
  expect(nonce).toBeTruthy();
  expect(nonceOf(scriptSource(second.headers()['content-security-policy']))).not.toBe(nonce);
  const scripts = (await first.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  // In the browser: nothing is refused, and the back-office signs in and out as before.
  const violations: string[] = [];
  page.on('console', (entry) => {
    if (/Content Security Policy/i.test(entry.text())) violations.push(entry.text());
  });
  await signIn(page, ADMIN.username, ADMIN.password);
  await signOut(page);
  expect(violations).toEqual([]);
});
