import type { Locale } from '@/lib/i18n/routing';
import { LEGAL_VERSIONS, type LegalDocumentId } from './versions';

/** A legal text's messages as messages/*.json holds them under its namespace. */
export interface LegalTextMessages {
  heading: string;
  intro: string;
  sections: unknown;
}

/**
 * Earlier versions of the legal texts, word for word, so that the address an order e-mail gave
 * (`/{lang}/terms-conditions/{date}`) keeps showing the text that applied to the order. Publishing a new version of a
 * text means copying its namespace from the four messages files here, under the date of the version it replaces,
 * before changing them (docs/domain.md, The confirmation e-mail).
 */
export const LEGAL_ARCHIVE: Partial<
  Record<LegalDocumentId, Record<string, Record<Locale, LegalTextMessages>>>
> = {};

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
