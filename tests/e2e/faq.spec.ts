import { expect, test } from '@playwright/test';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';

test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );

test('the FAQ HTML holds FAQPage JSON-LD with all 20 questions, and the price table', async ({ request }) => {
  const html = await (await request.get('/ro/faq')).text();
  const faq = jsonLdOf(html).find((block) => block['@type'] === 'FAQPage');
  expect(faq.mainEntity).toHaveLength(20);
  expect(faq.mainEntity[0].name).toBe(message('ro', 'FaqPage.questions.viniete.prices.title'));
  expect(faq.mainEntity[0].acceptedAnswer.text.length).toBeGreaterThan(40);
  expect(new Set(faq.mainEntity.map((entry: { url: string }) => entry.url)).size).toBe(20);

  // The first vignette question shows the table: a row per category, HUF and RON per period, '-' where missing.
  expect(html).toContain('data-testid="price-table"');
  const row = (code: string) => html.match(new RegExp(`<tr data-category="${code}">(.*?)</tr>`))?.[1] ?? '';
  expect(row('CAR')).toMatch(/data-type="WEEK"><span[^>]*>6\.900<!-- --> HUF/);
  expect(row('CAR')).toMatch(/data-type="WEEK">.*?<span[^>]*>\d+<!-- --> RON/);
  expect(row('VAN')).toMatch(/data-type="YEAR"><span[^>]*>87\.650<!-- --> HUF/);
  expect(row('BUS')).toMatch(/data-type="WEEK">-</);
  expect(html).toMatch(/data-testid="price-table-footnote">[^<]*1 RON = \d+,\d+ HUF/);

  // The answer is in the markup twice (under its question for phones, in the right pane for wide screens): no id
  // may repeat, or what an aria-labelledby names depends on the layout.
  const markup = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '');
  const ids = [...markup.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
});

test('each question has its own address and metadata', async ({ request }) => {
  const html = await (await request.get('/en/faq/transactions-invoice')).text();
  const title = message('en', 'FaqPage.questions.transactions.invoice.title');
  expect(html).toContain(`<title>${title}`);
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\/en\/faq\/transactions-invoice"/);
  // The FAQPage markup is on the FAQ's own address only, not repeated on each question's page.
  expect(html).not.toContain('"FAQPage"');
});

test('anchors select the category and question; an unknown anchor selects the first category', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/faq/prepay_cards-telekom');
  const answerPane = page.getByRole('region', {
    name: message('en', 'FaqPage.questions.prepay_cards.telekom.title'),
  });
  await expect(answerPane).toBeVisible();
  await expect(
    page.getByRole('button', { name: message('en', 'FaqPage.categories.prepay_cards') }),
  ).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByRole('button', { name: message('en', 'FaqPage.categories.viniete') }),
  ).toHaveAttribute('aria-expanded', 'false');
  await expect(
    page.getByRole('link', { name: message('en', 'FaqPage.questions.prepay_cards.telekom.title') }),
  ).toHaveAttribute('aria-current', 'page');

  // A category alone selects its first question.
  await page.goto('/en/faq/transactions');
  await expect(
    page.getByRole('region', { name: message('en', 'FaqPage.questions.transactions.payment-methods.title') }),
  ).toBeVisible();

  await page.goto('/en/faq/no-such-anchor');
  await expect(page).toHaveURL(/\/en\/faq\/viniete$/);
  await expect(
    page.getByRole('button', { name: message('en', 'FaqPage.categories.viniete') }),
  ).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('price-table').last()).toBeVisible();
});

test('the accordion keeps one category open; a click on the open one closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/de/faq');
  const vignettes = page.getByRole('button', { name: message('de', 'FaqPage.categories.viniete') });
  const transactions = page.getByRole('button', { name: message('de', 'FaqPage.categories.transactions') });
  await expect(vignettes).toHaveAttribute('aria-expanded', 'true');

  await transactions.click();
  await expect(page).toHaveURL(/\/de\/faq\/transactions$/);
  await expect(transactions).toHaveAttribute('aria-expanded', 'true');
  await expect(vignettes).toHaveAttribute('aria-expanded', 'false');
  await expect(
    page.getByRole('region', { name: message('de', 'FaqPage.questions.transactions.payment-methods.title') }),
  ).toBeVisible();

  await page
    .getByRole('link', { name: message('de', 'FaqPage.questions.transactions.refund.title') })
    .click();
  await expect(page).toHaveURL(/\/de\/faq\/transactions-refund$/);
  await expect(page).toHaveTitle(
    new RegExp(
      message('de', 'FaqPage.questions.transactions.refund.title').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    ),
  );
  await expect(
    page.getByRole('region', { name: message('de', 'FaqPage.questions.transactions.refund.title') }),
  ).toBeVisible();

  await page.getByRole('button', { name: message('de', 'FaqPage.categories.transactions') }).click();
  await expect(
    page.getByRole('button', { name: message('de', 'FaqPage.categories.transactions') }),
  ).toHaveAttribute('aria-expanded', 'false');
  await expect(
    page.getByRole('button', { name: message('de', 'FaqPage.categories.viniete') }),
  ).toHaveAttribute('aria-expanded', 'false');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the answer opens inline under its question', async ({ page }) => {
    await page.goto('/hu/faq/viniete-plate');
    const question = page.getByRole('link', { name: message('hu', 'FaqPage.questions.viniete.plate.title') });
    await expect(question).toBeVisible();
    const inline = page.getByTestId('faq-answer').first();
    await expect(inline).toBeVisible();
    const [questionBox, answerBox] = [await question.boundingBox(), await inline.boundingBox()];
    expect(answerBox!.y).toBeGreaterThan(questionBox!.y);
  });
});
