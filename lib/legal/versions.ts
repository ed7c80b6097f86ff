import { calendarDayIn, SHOP_TIME_ZONE } from '@/lib/time-zones';

/** The three legal texts, by the namespace of messages/*.json that holds each. */
export type LegalDocumentId = 'TermsPage' | 'PrivacyPage' | 'CookiePolicyPage';

export interface LegalVersion {
  /** What the page and the order e-mail call it: "1.0". */
  version: string;
  /** The day it was published and took effect, in the shop's time zone: YYYY-MM-DD. */
  date: string;
}

/**
 * Each legal text's published versions, oldest first. Changing a text in messages/*.json means appending its new
 * version here: the terms say the version published on the order's day applies to the order, the page shows the
 * latest, and the order e-mail names the one in force when the order was placed.
 */
export const LEGAL_VERSIONS: Record<LegalDocumentId, readonly LegalVersion[]> = {
  TermsPage: [{ version: '1.0', date: '2026-11-26' }],
  PrivacyPage: [{ version: '1.0', date: '2026-11-26' }],
  CookiePolicyPage: [{ version: '1.0', date: '2026-11-26' }],
};

/** The version a page shows: its latest. */
export function currentVersion(document: LegalDocumentId): LegalVersion {
  const versions = LEGAL_VERSIONS[document];
  const latest = versions[versions.length - 1];
  if (!latest) throw new Error(`${document} has no published version`);
  return latest;
}

/**
 * The version in force at an instant (an order's creation): the latest published on or before its day in Romania.
 * Undefined before the first version was published, when the texts carried no version yet.
 */
export function versionInForce(document: LegalDocumentId, at: Date): LegalVersion | undefined {
  const day = calendarDayIn(SHOP_TIME_ZONE, at);
  return LEGAL_VERSIONS[document].filter((entry) => entry.date <= day).at(-1);
}

/** A version's day as the reader's language writes it: "26 noiembrie 2026", "November 26, 2026". */
export function formatVersionDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The version published on a day (the versioned address of a text names it by its date). */
export const versionOn = (document: LegalDocumentId, date: string): LegalVersion | undefined =>
  LEGAL_VERSIONS[document].find((entry) => entry.date === date);
