/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { LegalDocumentView } from '@/components/legal/legal-document-view';
import type { Locale } from '@/lib/i18n/routing';
import type { AnalyticsDisclosure } from '@/lib/legal/analytics';
import { publishedText } from '@/lib/legal/archive';
import { buildLegalDocument, resolveLegalBlock } from '@/lib/legal/document';
import {
  currentVersion,
  formatVersionDate,
  LEGAL_VERSIONS,
  versionOn,
  type LegalDocumentId,
} from '@/lib/legal/versions';
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

    it('makes the web addresses of the legal pages links, their text kept', () => {
      const cookies = renderDocument('CookiePolicyPage', locale, OFF);
      const help = [...cookies.querySelectorAll('#usefulLinks li a')].map((link) =>
        link.getAttribute('href'),
      );
      expect(help).toHaveLength(5);
      expect(help.filter((href) => /^https:\/\/support\.[a-z]+\.(com|org)\//.test(href!))).toHaveLength(4);
      expect(help).toContain('https://www.dataprotection.ro');
      cookies.remove();
      const privacy = renderDocument('PrivacyPage', locale, OFF);
      const authority = privacy.querySelector('a[href="https://www.dataprotection.ro"]');
      expect(authority).toHaveTextContent('www.dataprotection.ro');
      expect(authority?.closest('li')?.textContent).toMatch(/ANSPDCP/);
      privacy.remove();
      const terms = renderDocument('TermsPage', locale, OFF);
      expect(terms.querySelector('a[href="https://anpc.ro/ce-este-sal"]')).toHaveTextContent(
        'anpc.ro/ce-este-sal',
      );
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

describe('a legal section’s list', () => {
  it('comes right after the paragraph that leads into it, and the closing paragraphs after the list', () => {
    const block = resolveLegalBlock(
      {
        title: 'Liability',
        paragraphs: ['We answer for delivery. We do not answer for:'],
        items: ['typing errors;', 'force majeure.'],
        closing: ['Our liability is limited to the order’s value.'],
      },
      false,
      (text) => text,
    );
    const { container } = render(
      <LegalDocumentView
        heading="Terms"
        intro=""
        lastUpdated=""
        updatedOn="2026-11-27"
        contentsLabel=""
        sections={[['liability', block]]}
      />,
    );
    const order = [...container.querySelectorAll('#liability > p, #liability > ul')].map(
      (node) => node.textContent,
    );
    expect(order).toEqual([
      'We answer for delivery. We do not answer for:',
      'typing errors;force majeure.',
      'Our liability is limited to the order’s value.',
    ]);
  });

  describe.each(LOCALES)('in %s', (locale) => {
    it.each(DOCUMENTS)('%s puts every list right after its lead-in', (namespace) => {
      for (const analytics of [ON, OFF]) {
        const page = renderDocument(namespace, locale, analytics);
        for (const paragraph of page.querySelectorAll('section > p')) {
          if (!paragraph.textContent?.trim().endsWith(':')) continue;
          expect(paragraph.nextElementSibling?.tagName).toBe('UL');
        }
        page.remove();
      }
    });

    it('states the limit of liability after the list of what the shop is not liable for', () => {
      const page = renderDocument('TermsPage', locale, OFF);
      const liability = MESSAGES[locale].TermsPage.sections.liability;
      const children = [...page.querySelectorAll('#liability > p, #liability > ul')];
      expect(children.map((node) => node.tagName)).toEqual(['P', 'UL', 'P']);
      expect(children[0]).toHaveTextContent(liability.paragraphs[0]!);
      expect(children[2]).toHaveTextContent(liability.closing[0]!);
    });
  });
});

describe('the terms at the address of an earlier version', () => {
  const [first, latest] = [LEGAL_VERSIONS.TermsPage[0]!, currentVersion('TermsPage')];

  const renderTerms = (locale: Locale, date: string) => {
    const version = versionOn('TermsPage', date)!;
    const text = publishedText('TermsPage', date, locale, MESSAGES[locale].TermsPage)!;
    return render(
      <LegalDocumentView
        {...buildLegalDocument({
          namespace: 'TermsPage',
          locale,
          messages: { ...MESSAGES[locale], TermsPage: text },
          siteUrl: 'https://shop.example',
          analytics: OFF,
          version,
        })}
      />,
    ).container;
  };

  it.each(LOCALES)(
    'show in %s the wording of that version, and the terms’ page the current one',
    (locale) => {
      expect(first.date < latest.date).toBe(true);
      // The price clause changed in 1.1: the dated rate shown before paying, no longer the rate of the order's day.
      const oldRate = publishedText('TermsPage', first.date, locale, MESSAGES[locale].TermsPage)!;
      const oldClause = (oldRate.sections as typeof MESSAGES.ro.TermsPage.sections).priceVariability
        .paragraphs[1]!;
      const newClause = MESSAGES[locale].TermsPage.sections.priceVariability.paragraphs[1]!;
      expect(oldClause).not.toBe(newClause);

      const dated = renderTerms(locale, first.date);
      expect(dated.querySelector('time')).toHaveAttribute('dateTime', first.date);
      expect(dated.querySelector('time')).toHaveTextContent(first.version);
      expect(dated).toHaveTextContent(oldClause);
      expect(dated).not.toHaveTextContent(newClause);
      dated.remove();

      const current = renderDocument('TermsPage', locale, OFF);
      expect(current.querySelector('time')).toHaveTextContent(latest.version);
      expect(current).toHaveTextContent(newClause);
      expect(current).not.toHaveTextContent(oldClause);
    },
  );
});
