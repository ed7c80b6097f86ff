import { locales, type Locale } from '@/lib/i18n/routing';
import de20261126 from './archive/2026-11-26/de.json';
import en20261126 from './archive/2026-11-26/en.json';
import hu20261126 from './archive/2026-11-26/hu.json';
import ro20261126 from './archive/2026-11-26/ro.json';
import { LEGAL_VERSIONS, type LegalDocumentId } from './versions';

/** A legal text's messages as messages/*.json holds them under its namespace. */
export interface LegalTextMessages {
  heading: string;
  intro: string;
  sections: unknown;
}

/**
 * The three legal texts as they stood before a day on which one of them changed, per language, word for word from
 * messages/*.json (heading, intro and sections): lib/legal/archive/{date}/{locale}.json, named by the date of the
 * version they were.
 */
const ARCHIVED: Record<string, Record<Locale, Record<LegalDocumentId, LegalTextMessages>>> = {
  '2026-11-26': { ro: ro20261126, en: en20261126, de: de20261126, hu: hu20261126 },
};

/**
 * Earlier versions of the legal texts, word for word, so that the address an order e-mail gave
 * (`/{lang}/terms-conditions/{date}`) keeps showing the text that applied to the order. Publishing a new version of a
 * text means first copying the three texts of the four messages files to lib/legal/archive/{date}/{locale}.json,
 * under the date of the version being replaced, and listing them in ARCHIVED (docs/domain.md, The confirmation
 * e-mail); the digest of each version in LEGAL_VERSIONS holds the archive and the messages to their versions
 * (tests/unit/lib/legal/digest.test.ts).
 */
export const LEGAL_ARCHIVE: Partial<
  Record<LegalDocumentId, Record<string, Record<Locale, LegalTextMessages>>>
> = Object.fromEntries(
  (Object.keys(LEGAL_VERSIONS) as LegalDocumentId[]).map((document) => [
    document,
    Object.fromEntries(
      Object.entries(ARCHIVED).map(([date, texts]) => [
        date,
        Object.fromEntries(locales.map((locale) => [locale, texts[locale][document]])),
      ]),
    ),
  ]),
);

/**
 * The text of the version published on `date`, in a language: the current messages for the latest version, the
 * archived ones for an earlier version, undefined for a day on which no version was published.
 */
export function publishedText(
  document: LegalDocumentId,
  date: string,
  locale: Locale,
  current: LegalTextMessages,
  archive = LEGAL_ARCHIVE,
  versions = LEGAL_VERSIONS,
): LegalTextMessages | undefined {
  const all = versions[document];
  if (all.at(-1)?.date === date) return current;
  if (!all.some((entry) => entry.date === date)) return undefined;
  return archive[document]?.[date]?.[locale];
}
