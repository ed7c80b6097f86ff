import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { locales } from '@/lib/i18n/routing';
import { LEGAL_PATHS } from '@/lib/legal/pages';
import {
  currentVersion,
  formatVersionDate,
  LEGAL_VERSIONS,
  type LegalDocumentId,
} from '@/lib/legal/versions';
import ro from '@/messages/ro.json';
import { answerCookieNotice } from './support/consent';
import { htmlEscaped, message } from './support/messages';

const DOCUMENTS = Object.entries(LEGAL_PATHS) as [LegalDocumentId, string][];
const messages = { ro };

test('every legal page shows its version and last update under its heading, in every language', async ({
  page,
}) => {
  for (const locale of locales) {
    for (const [document, path] of DOCUMENTS) {
      await page.goto(`/${locale}${path}`);
      const version = currentVersion(document);
      const line = page.locator(`article time[datetime="${version.date}"]`);
      await expect(line, `/${locale}${path}`).toContainText(formatVersionDate(version.date, locale));
      await expect(line).toContainText(version.version);
    }
  }
});

test('the terms of the current version have their own address, not indexed; another day is not found', async ({
  request,
}) => {
  const { date } = currentVersion('TermsPage');
  for (const locale of locales) {
    const response = await request.get(`/${locale}/terms-conditions/${date}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(htmlEscaped(message(locale, 'TermsPage.heading')));
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  }
  expect((await request.get('/ro/terms-conditions/2020-01-01')).status()).toBe(404);
});

test('without an analytics endpoint the privacy and cookie pages say that none is used', async ({
  request,
}) => {
  // The default install sets no NEXT_PUBLIC_ANALYTICS_URL.
  for (const locale of locales) {
    const cookies = await (await request.get(`/${locale}/cookie-policy`)).text();
    const privacy = await (await request.get(`/${locale}/gdpr`)).text();
    expect(cookies).toContain(
      message(
        locale,
        'CookiePolicyPage.sections.cookiesUsed.subsections.analytics.withoutAnalytics.paragraphs.0',
      ),
    );
    expect(privacy).toContain(
      message(locale, 'PrivacyPage.sections.processedData.withoutAnalytics.paragraphs.0'),
    );
  }
});

test('an earlier version of the terms keeps its wording at its dated address, and the terms page shows the new', async ({
  request,
}) => {
  const first = LEGAL_VERSIONS.TermsPage[0]!;
  const latest = currentVersion('TermsPage');
  for (const locale of locales) {
    // The price clause changed in 1.1: the dated rate shown before paying, no longer the rate of the order's day.
    const archived = JSON.parse(
      fs.readFileSync(path.join(process.cwd(), 'lib/legal/archive', first.date, `${locale}.json`), 'utf8'),
    ) as { TermsPage: { sections: { priceVariability: { paragraphs: string[] } } } };
    const oldClause = htmlEscaped(archived.TermsPage.sections.priceVariability.paragraphs[1]!);
    const newClause = htmlEscaped(message(locale, 'TermsPage.sections.priceVariability.paragraphs.1'));

    const dated = await request.get(`/${locale}/terms-conditions/${first.date}`);
    expect(dated.status()).toBe(200);
    const datedHtml = await dated.text();
    expect(datedHtml).toContain(oldClause);
    expect(datedHtml).not.toContain(newClause);
    expect(datedHtml).toMatch(new RegExp(`datetime="${first.date}"`, 'i'));

    const currentHtml = await (await request.get(`/${locale}/terms-conditions`)).text();
    expect(currentHtml).toContain(newClause);
    expect(currentHtml).not.toContain(oldClause);
    expect(currentHtml).toMatch(new RegExp(`datetime="${latest.date}"`, 'i'));
  }
});

test("a legal text is sent once, in the page's HTML: its payload for the browser's router does not carry it again", async ({
  request,
}) => {
  for (const [document, path] of DOCUMENTS) {
    const html = await (await request.get(`/ro${path}`)).text();
    // The payload Next writes for React (self.__next_f, sent beside the page: lib/server/page-payload.ts) names the
    // article by a key, without its text.
    const payload = await (await request.get(`/ro${path}?payload`)).text();
    expect(payload, `/ro${path}`).toContain('self.__next_f.push(');
    expect(payload.length, `/ro${path}`).toBeGreaterThan(0);
    const sections = Object.keys(messages.ro[document].sections);
    for (const section of sections) {
      const title = message('ro', `${document}.sections.${section}.title`);
      expect(html, `/ro${path}`).toContain(htmlEscaped(title));
      expect(payload, `/ro${path}`).not.toContain(title);
    }
  }
});

test('a legal page reached by a link in the browser shows its whole text', async ({
  page,
  context,
  baseURL,
}) => {
  await answerCookieNotice(context, baseURL);
  await page.goto('/ro/contact');
  // The footer's links are the client router's once the page's scripts have run.
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('main')!).some((key) => key.startsWith('__react')),
  );
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: message('ro', 'Navigation.gdpr'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/ro\/gdpr$/);
  const article = page.locator('article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(message('ro', 'PrivacyPage.heading'));
  for (const section of Object.keys(messages.ro.PrivacyPage.sections)) {
    await expect(
      article.getByRole('heading', {
        level: 2,
        name: message('ro', `PrivacyPage.sections.${section}.title`),
      }),
    ).toBeAttached();
  }
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    'a navigation in the browser, not a new document',
  ).toBe(true);
});
