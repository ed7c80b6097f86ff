/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { LegalDocumentView } from '@/components/legal/legal-document-view';
import type { Locale } from '@/lib/i18n/routing';
import type { AnalyticsDisclosure } from '@/lib/legal/analytics';
import { buildLegalDocument } from '@/lib/legal/document';
import { currentVersion, formatVersionDate, type LegalDocumentId } from '@/lib/legal/versions';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const MESSAGES = { ro, en, de, hu } as const;
const LOCALES = Object.keys(MESSAGES) as Locale[];
const DOCUMENTS: LegalDocumentId[] = ['TermsPage', 'PrivacyPage', 'CookiePolicyPage'];

const OFF: AnalyticsDisclosure = { enabled: false };
const ON: AnalyticsDisclosure = {
  enabled: true,
  service: 'Example Analytics (Example S.R.L., Romania)',
  host: 'stats.example.ro',
  retentionDays: 90,
};
const RETENTION: Record<Locale, string> = { ro: '90 de zile', en: '90 days', de: '90 Tage', hu: '90 nap' };

const renderDocument = (namespace: LegalDocumentId, locale: Locale, analytics: AnalyticsDisclosure) =>
  render(
    <LegalDocumentView
      {...buildLegalDocument({
        namespace,
        locale,
        messages: MESSAGES[locale],
        siteUrl: 'https://shop.example',
        analytics,
      })}
    />,
  ).container;

const analyticsTexts = (locale: Locale) => {
  const messages = MESSAGES[locale];
  const cookie = messages.CookiePolicyPage.sections.cookiesUsed.subsections.analytics;
  return {
    off: [
      messages.PrivacyPage.sections.processedData.withoutAnalytics.paragraphs,
      cookie.withoutAnalytics.paragraphs,
    ]
      .flat()
      .map(String),
  };
};

describe('a legal page', () => {
  describe.each(LOCALES)('in %s', (locale) => {
    it.each(DOCUMENTS)(
      '%s shows its version and the day it was last updated under its heading',
      (namespace) => {
        const page = renderDocument(namespace, locale, OFF);
        const version = currentVersion(namespace);
        const line = page.querySelector('time');
        expect(line).toHaveAttribute('dateTime', version.date);
        expect(line).toHaveTextContent(formatVersionDate(version.date, locale));
        expect(line).toHaveTextContent(version.version);
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
          MESSAGES[locale][namespace].heading,
        );
      },
    );

    it.each(DOCUMENTS)('%s leaves no placeholder unfilled, analytics on or off', (namespace) => {
      for (const analytics of [ON, OFF]) {
        const page = renderDocument(namespace, locale, analytics);
        expect(page.textContent).not.toMatch(/[{}]/);
        page.remove();
      }
    });

    it('says on the privacy and cookie pages that no analytics service is used when none is configured', () => {
      for (const namespace of ['PrivacyPage', 'CookiePolicyPage'] as const) {
        const text = renderDocument(namespace, locale, OFF).textContent ?? '';
        expect(text).not.toContain(ON.service);
        expect(text).not.toContain(ON.host);
      }
      const privacy = renderDocument('PrivacyPage', locale, OFF).textContent ?? '';
      const cookies = renderDocument('CookiePolicyPage', locale, OFF).textContent ?? '';
      const [privacyOff, cookieOff] = analyticsTexts(locale).off;
      expect(privacy).toContain(privacyOff);
      expect(cookies).toContain(cookieOff);
    });

    it('names the analytics service, the address it is reached at, its data and its retention when configured', () => {
      for (const namespace of ['PrivacyPage', 'CookiePolicyPage'] as const) {
        const text = renderDocument(namespace, locale, ON).textContent ?? '';
        expect(text).toContain(ON.service);
        expect(text).toContain(ON.host);
        expect(text).toContain(RETENTION[locale]);
        expect(text).toMatch(/IP/);
        for (const off of analyticsTexts(locale).off) expect(text).not.toContain(off);
      }
    });
  });
});
