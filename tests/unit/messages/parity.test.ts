import fs from 'node:fs';
import path from 'node:path';
import { companyPlaceholders } from '@/lib/company';
import { messageKeys, missingKeys } from '@/lib/i18n/message-keys';
import { locales } from '@/lib/i18n/routing';
import { analyticsPlaceholders } from '@/lib/legal/analytics';

const load = (locale: string) =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

const messages = Object.fromEntries(locales.map((locale) => [locale, load(locale)]));

describe('translation parity', () => {
  it.each(locales)('messages/%s.json has every key of the other languages', (locale) => {
    expect(missingKeys(messages)[locale]).toEqual([]);
  });

  it.each(locales)('messages/%s.json has no empty text', (locale) => {
    const flat = (value: unknown): unknown[] =>
      Array.isArray(value)
        ? value.flatMap(flat)
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(flat)
          : [value];
    const empty = flat(messages[locale]).filter((text) => typeof text !== 'string' || text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('keeps arrays the same length in every language', () => {
    const lengths = (value: unknown, prefix = ''): string[] =>
      Array.isArray(value)
        ? [`${prefix}[${value.length}]`]
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([key, child]) => lengths(child, `${prefix}${key}.`))
          : [];
    const reference = lengths(messages.ro);
    for (const locale of locales) expect(lengths(messages[locale])).toEqual(reference);
  });

  it('has keys at all', () => {
    expect(messageKeys(messages.ro!).length).toBeGreaterThan(0);
  });
});

describe('legal texts', () => {
  const COMPANY_PLACEHOLDERS = new Set(Object.keys(companyPlaceholders('https://shop.example')));
  // Filled only when analytics are on, so only the texts shown then may use them.
  const ANALYTICS_PLACEHOLDERS = new Set(
    Object.keys(analyticsPlaceholders({ enabled: true, service: 'S', host: 'h', retentionDays: 1 }, String)),
  );
  const texts = (value: unknown, analyticsOn = false): [string, boolean][] =>
    typeof value === 'string'
      ? [[value, analyticsOn]]
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, child]) =>
            texts(child, analyticsOn || key === 'withAnalytics'),
          )
        : [];

  it.each(locales)('in %s use only the placeholders the site fills in', (locale) => {
    const unknown = ['PrivacyPage', 'TermsPage', 'CookiePolicyPage']
      .flatMap((namespace) => texts(messages[locale]![namespace]))
      .flatMap(([text, analyticsOn]) =>
        [...text.matchAll(/\{(\w*)\}/g)].map((match) => [match[1]!, analyticsOn] as const),
      )
      .filter(
        ([name, analyticsOn]) =>
          !COMPANY_PLACEHOLDERS.has(name) && !(analyticsOn && ANALYTICS_PLACEHOLDERS.has(name)),
      );
    expect(unknown).toEqual([]);
  });

  it.each(locales)('in %s are not English left in place', (locale) => {
    if (locale === 'en') return;
    const english = messages.en as Record<string, unknown>;
    const same = [
      'PrivacyPage',
      'TermsPage',
      'CookiePolicyPage',
      'FaqPage',
      'HomePage',
      'ContactPage',
    ].flatMap((namespace) => {
      const ours = texts(messages[locale]![namespace]);
      const theirs = new Set(texts(english[namespace]));
      return ours.filter((text) => text.length > 40 && theirs.has(text));
    });
    expect(same).toEqual([]);
  });
});
