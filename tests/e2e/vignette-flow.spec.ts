import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { VERSIONED_CACHE_CONTROL } from '@/lib/i18n/texts-address';
import { messagesVersion } from '@/lib/i18n/texts-version.mjs';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';
import { mailFor, payWithAcceptedCard } from './support/checkout';

/*
 * The vignette purchase flow on a phone, in Romanian: a D1 10-day vignette whose start is chosen in the calendar and
 * a D2 monthly one, put into one cart from their two pages, then checkout, "Pay", the sandbox provider's form, the
 * success page and the e-mail at a real SMTP server; and a county vignette in Hungarian.
 */

const ro = (key: string) => message('ro', `VignetteForm.${key}`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Catalog {
  date: string;
  products: { categoryCode: string; type: string; earliestStart: string; latestStart: string }[];
}

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const addMonthClamped = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date, last))).toISOString().slice(0, 10);
};

async function axeViolations(page: Page) {
  // While a request is pending the shell's loading bar shows, outside any landmark (axe's "region"): check at rest.
  await expect(page.getByTestId('loading-bar')).not.toHaveAttribute('data-visible');
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map(
    (violation) => `${violation.id} (${violation.nodes.length}): ${violation.help}`,
  );
}

test.use({ viewport: { width: 375, height: 740 } });

test.beforeEach(async ({ context, baseURL }) => {
  await answerCookieNotice(context, baseURL);
});

test('the vignette section shows the five categories, B2 dimmed with its reason, and passes axe', async ({
  page,
}) => {
  await page.goto('/ro/vignette');
  await expect(
    page.getByRole('heading', { level: 1, name: message('ro', 'VignettePage.heading') }),
  ).toBeVisible();
  const cards = page.getByTestId('vignette-categories').locator('li');
  await expect(cards).toHaveCount(5);
  for (const [code, slug] of [
    ['CAR', 'car'],
    ['VAN', 'van'],
    ['MOTOR', 'motor'],
    ['TRAIL', 'trail'],
  ]) {
    await expect(page.locator(`li[data-category="${code}"] a`)).toHaveAttribute(
      'href',
      `/ro/vignette/${slug}`,
    );
  }
  const bus = page.locator('li[data-category="BUS"]');
  await expect(bus.locator('a')).toHaveCount(0);
  await expect(bus).toContainText(message('ro', 'VignettePage.categories.BUS.reason'));
  expect(await axeViolations(page)).toEqual([]);
});

test('buys a D1 10-day and a D2 monthly vignette in one cart and goes to the payment form', async ({
  page,
}) => {
  const catalog = (await (await page.request.get('/api/nmps/utils/vignette/catalog')).json()) as Catalog;
  const today = catalog.date;
  const tomorrow = addDays(today, 1);

  // D1, 10 days, from tomorrow, chosen in the calendar.
  await page.goto('/ro/vignette/car');
  await page.getByRole('radio', { name: new RegExp(`^${escape(ro('periods.WEEK.name'))}`) }).check();
  await page.getByRole('button', { name: ro('calendar.open') }).click();
  const calendar = page.getByRole('dialog', { name: ro('calendar.dialog') });
  await expect(calendar).toBeVisible();
  const box = await calendar.boundingBox();
  expect([box?.width, box?.height]).toEqual([296, 354]);
  if (tomorrow.slice(0, 7) !== today.slice(0, 7))
    await calendar.getByRole('button', { name: ro('calendar.nextMonth') }).click();
  await calendar.locator(`button[data-date="${tomorrow}"]`).click();
  await expect(calendar).toBeHidden();
  const validity = page.getByTestId('validity').locator('[data-first-day]');
  await expect(validity).toHaveAttribute('data-first-day', tomorrow);
  await expect(validity).toHaveAttribute('data-last-day', addDays(tomorrow, 9));

  const plate = page.getByRole('textbox', { name: ro('plate.label'), exact: true });
  await plate.fill('hd 12 abc');
  await expect(plate).toHaveValue('HD12ABC');
  // HD12ABC holds a 1, but a Romanian plate's format says it is a digit: no warning to confirm past.
  await expect(page.getByTestId('plate-preview')).toContainText('HD12ABC');
  await expect(page.getByTestId('plate-warnings')).toHaveCount(0);
  await page.getByRole('checkbox', { name: /HD12ABC/ }).check();

  // The form is checked before anything is added. The first vignette in the cart brings the checkout's texts, from
  // the address of this release's texts, which a browser keeps for good (lib/i18n/texts-address.ts).
  const checkoutTexts = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/assets/checkout-texts/'),
  );
  await page.getByRole('button', { name: ro('add.button') }).click();
  const textsResponse = await checkoutTexts;
  expect(new URL(textsResponse.url()).pathname).toBe(`/assets/checkout-texts/ro.${messagesVersion()}.json`);
  expect(textsResponse.headers()['cache-control']).toBe(VERSIONED_CACHE_CONTROL);
  const cartItems = page.getByTestId('cart-item');
  await expect(cartItems).toHaveCount(1);
  await expect(cartItems.first()).toContainText('HD12ABC');
  await expect(page.getByTestId('cart-announcement')).toContainText('HD12ABC');

  // To the D2 page through the cart's link: the same cart.
  await page.getByTestId('vignette-cart').getByRole('link', { name: /^D2/ }).click();
  await expect(page).toHaveURL(/\/ro\/vignette\/van$/);
  await expect(cartItems).toHaveCount(1);
  await page.getByRole('radio', { name: new RegExp(`^${escape(ro('periods.MONTH.name'))}`) }).check();
  // Keyboard only: the calendar opens on today, Enter takes it.
  await page.getByLabel(ro('start.label')).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: ro('calendar.dialog') })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('validity').locator('[data-first-day]')).toHaveAttribute(
    'data-first-day',
    today,
  );
  await page.getByRole('textbox', { name: ro('plate.label'), exact: true }).fill('cj-22-xyz');
  await page.getByRole('checkbox', { name: /CJ22XYZ/ }).check();
  await page.getByRole('button', { name: ro('add.button') }).click();
  await expect(cartItems).toHaveCount(2);

  // Checkout: e-mail, terms, the summary of both vignettes from the quote, and the total.
  const checkout = page.getByTestId('vignette-checkout');
  await checkout.getByLabel(ro('checkout.email')).fill('driver@example.com');
  await checkout
    .getByRole('checkbox', { name: new RegExp(`^${escape(ro('checkout.terms').slice(0, 40))}`) })
    .check();
  const summaryItems = checkout.getByTestId('summary-item');
  await expect(summaryItems).toHaveCount(2);
  await expect(summaryItems.nth(0)).toContainText('HD12ABC');
  await expect(summaryItems.nth(0).locator('[data-first-day]')).toHaveAttribute('data-first-day', tomorrow);
  await expect(summaryItems.nth(0).locator('[data-first-day]')).toHaveAttribute(
    'data-last-day',
    addDays(tomorrow, 9),
  );
  await expect(summaryItems.nth(1)).toContainText('CJ22XYZ');
  await expect(summaryItems.nth(1).locator('[data-first-day]')).toHaveAttribute(
    'data-last-day',
    addMonthClamped(today),
  );
  for (const item of await summaryItems.all()) {
    await expect(item).toContainText('HUF');
    await expect(item).toContainText('RON');
  }
  const quote = (await (
    await page.request.post('/api/nmps/orders/quote', {
      data: {
        items: [
          { categoryCode: 'CAR', type: 'WEEK', startDate: tomorrow, plate: 'HD12ABC', country: 'RO' },
          { categoryCode: 'VAN', type: 'MONTH', startDate: today, plate: 'CJ22XYZ', country: 'RO' },
        ],
      },
      headers: await xsrfHeaders(page),
    })
  ).json()) as { totalRon: number; items: { priceRon: number }[] };
  const total = checkout.getByTestId('summary-total');
  await expect(total).toHaveAttribute('data-bani', String(quote.totalRon));
  expect(quote.totalRon).toBe(quote.items.reduce((sum, item) => sum + item.priceRon, 0));
  await expect(total).toContainText('RON');

  expect(await axeViolations(page)).toEqual([]);

  // Pay: the exact order the page sends, then the browser leaves for the payment form the answer names. The answer
  // is the real server's, read on its way through (the page navigates away before a response listener could).
  let answer:
    | { status: number; body: { orderId: string; status: string; amountRon: number; paymentUrl: string } }
    | undefined;
  await page.route('**/api/nmps/orders/order', async (route) => {
    const response = await route.fetch();
    answer = { status: response.status(), body: await response.json() };
    await route.fulfill({ response });
  });
  const orderRequest = page.waitForRequest(
    (candidate) =>
      candidate.method() === 'POST' && new URL(candidate.url()).pathname === '/api/nmps/orders/order',
  );
  await checkout.getByTestId('pay-button').click();
  const sent = await orderRequest;
  expect(sent.postDataJSON()).toEqual({
    items: [
      { categoryCode: 'CAR', type: 'WEEK', startDate: tomorrow, plate: 'HD12ABC', country: 'RO' },
      { categoryCode: 'VAN', type: 'MONTH', startDate: today, plate: 'CJ22XYZ', country: 'RO' },
    ],
    email: 'driver@example.com',
    locale: 'ro',
    acceptTerms: true,
  });
  const headers = await sent.allHeaders();
  expect(headers['idempotency-key']).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  expect(headers['content-type']).toContain('application/json');

  await expect.poll(() => answer?.status).toBe(201);
  expect(answer!.body.status).toBe('PENDING_PAYMENT');
  expect(answer!.body.amountRon).toBe(quote.totalRon);
  await page.waitForURL(answer!.body.paymentUrl);

  // On the provider's form: the sandbox's accepted card, then back to the shop's success page.
  await payWithAcceptedCard(page);
  await expect(page).toHaveURL(/\/ro\/payment\/successful\?orderId=/);
  // Masked: the address travels in the page's URL.
  await expect(page.getByTestId('outcome-email')).toContainText('d***@example.com');

  // The e-mail reaches the real SMTP server with both vignettes' ids and the PDF invoice.
  const mail = await mailFor(answer!.body.orderId);
  expect(mail.text?.match(/HU-EM-[0-9A-F]{12}/g)).toHaveLength(2);
  expect(mail.text).toContain('HD12ABC');
  expect(mail.text).toContain('CJ22XYZ');
  expect(mail.attachments.some((attachment) => attachment.contentType === 'application/pdf')).toBe(true);
});

test('buys a county vignette in Hungarian and pays it', async ({ page }) => {
  const hu = (key: string) => message('hu', `VignetteForm.${key}`);
  await page.goto('/hu/vignette/car');
  await page.getByRole('radio', { name: new RegExp(`^${escape(hu('periods.COUNTY_YEAR.name'))}`) }).check();
  await page.getByLabel(hu('county.label'), { exact: true }).selectOption('pest');
  await page.getByRole('textbox', { name: hu('plate.label'), exact: true }).fill('abc-123');
  await page.getByLabel(hu('country.label'), { exact: true }).selectOption('HU');
  await page.getByRole('checkbox', { name: /ABC123/ }).check();
  await page.getByRole('button', { name: hu('add.button') }).click();
  await expect(page.getByTestId('cart-item')).toHaveCount(1);

  const checkout = page.getByTestId('vignette-checkout');
  await checkout.getByLabel(hu('checkout.email')).fill('sofor@example.hu');
  await checkout
    .getByRole('checkbox', { name: new RegExp(`^${escape(hu('checkout.terms').slice(0, 40))}`) })
    .check();
  await expect(checkout.getByTestId('summary-item')).toHaveCount(1);
  await checkout.getByTestId('pay-button').click();
  await page.waitForURL(/\/sandbox-pay\//);
  const orderId = await page
    .getByText(/^[\w-]{22}$/)
    .first()
    .textContent();
  await payWithAcceptedCard(page);
  await expect(page).toHaveURL(/\/hu\/payment\/successful\?orderId=/);
  const mail = await mailFor(orderId!.trim());
  expect(mail.text).toContain('ABC123');
  expect(mail.text).toContain('Pest');
});

test('the calendar is usable with the keyboard alone and the product page passes axe with it open', async ({
  page,
}) => {
  await page.goto('/ro/vignette/motor');
  await page.getByRole('radio', { name: new RegExp(`^${escape(ro('periods.DAY.name'))}`) }).check();
  const field = page.getByLabel(ro('start.label'));
  await field.focus();
  await page.keyboard.press('ArrowDown');
  const calendar = page.getByRole('dialog', { name: ro('calendar.dialog') });
  await expect(calendar).toBeVisible();
  // The focus starts on the first possible day; earlier days are disabled and the focus cannot reach them.
  const focused = calendar.locator('button[data-date]:focus');
  const first = await focused.getAttribute('data-date');
  await page.keyboard.press('ArrowLeft');
  await expect(focused).toHaveAttribute('data-date', first!);
  await page.keyboard.press('ArrowRight');
  await expect(focused).toHaveAttribute('data-date', addDays(first!, 1));
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
});

/** The anti-forgery header for an API call of the page's context (which sends the cookie itself), as the page does. */
async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
  return cookie ? { 'X-XSRF-TOKEN': cookie.value } : {};
}

test('an incomplete vignette shows each error next to its field and focuses the first one', async ({
  page,
}) => {
  const validation = (key: string) => message('ro', `Validation.${key}`);
  await page.goto('/ro/vignette/trail');
  const add = page.getByRole('button', { name: ro('add.button') });
  await expect(add).toBeVisible();
  await add.click();
  await expect(page.getByText(validation('typeUnknown'))).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeFocused();
  await expect(page.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('radio', { name: new RegExp(`^${escape(ro('periods.WEEK.name'))}`) }).check();
  await add.click();
  const start = page.getByLabel(ro('start.label'));
  await expect(start).toBeFocused();
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expect(start).toHaveAccessibleDescription(new RegExp(escape(validation('startRequired'))));
  const plate = page.getByRole('textbox', { name: ro('plate.label'), exact: true });
  await expect(plate).toHaveAccessibleDescription(new RegExp(escape(validation('plateRequired'))));
  await expect(page.getByRole('checkbox', { name: ro('confirm.labelEmpty') })).toHaveAccessibleDescription(
    new RegExp(escape(ro('errors.plateConfirm'))),
  );
  await expect(page.getByTestId('cart-item')).toHaveCount(0);
});

test('a connection lost before the form’s rules arrived: the buyer is told, nothing typed is lost, the next try works', async ({
  page,
}) => {
  await page.goto('/ro/vignette/trail', { waitUntil: 'networkidle' });
  // The page is in; then the connection goes, before the form was touched (its rules are fetched at the first touch).
  await page.route('**/_next/static/chunks/**', (route) => route.abort('internetdisconnected'));
  const plate = page.getByRole('textbox', { name: ro('plate.label'), exact: true });
  await plate.fill('HD12ABC');
  const add = page.getByRole('button', { name: ro('add.button') });
  await add.click();
  await expect(add).toHaveAccessibleDescription(message('ro', 'Validation.formUnavailable'));
  await expect(plate).toHaveValue('HD12ABC');
  // The calendar's code cannot come either: the field says so instead of an empty popup.
  await page.getByRole('radio', { name: new RegExp(`^${escape(ro('periods.WEEK.name'))}`) }).check();
  await page.getByLabel(ro('start.label')).click();
  await expect(page.getByRole('alert').filter({ hasText: ro('calendar.unavailable') })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.unroute('**/_next/static/chunks/**');
  await add.click();
  // The rules arrived: the form judges again (no start day chosen yet), and the connection message is gone.
  await expect(page.getByText(message('ro', 'Validation.startRequired'))).toBeVisible();
  await expect(add).not.toHaveAccessibleDescription(message('ro', 'Validation.formUnavailable'));
  await expect(plate).toHaveValue('HD12ABC');
});
