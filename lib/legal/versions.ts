import { calendarDayIn, SHOP_TIME_ZONE } from '@/lib/time-zones';

/** The three legal texts, by the namespace of messages/*.json that holds each. */
export type LegalDocumentId = 'TermsPage' | 'PrivacyPage' | 'CookiePolicyPage';

export interface LegalVersion {
  /** What the page and the order e-mail call it: "1.0". */
  version: string;
  /** The day it was published and took effect, in the shop's time zone: YYYY-MM-DD. */
  date: string;
  /** legalTextDigest of its text in the four languages, as published (lib/legal/digest.ts). */
  digest: string;
}

/**
 * Each legal text's published versions, oldest first. Changing a text in messages/*.json means archiving the version
 * it replaces (lib/legal/archive.ts) and appending its new version here, with the new text's digest: the terms say
 * the version published on the order's day applies to the order, the page shows the latest, and the order e-mail
 * names the one in force when the order was placed. A text changed without a new version fails a test.
 */
export const LEGAL_VERSIONS: Record<LegalDocumentId, readonly LegalVersion[]> = {
  TermsPage: [
    {
      version: '1.0',
      date: '2026-11-26',
      digest: 'd62e60d6f284dc62c6456f5f8fde1ef6ed73129ef040e6d5f9d64edac4fc6f6e',
    },
    {
      version: '1.1',
      date: '2026-11-27',
      digest: '56a5e9434ff92b3125fc7ae6881a5b39eb945035a57403d85c3d83bce6c61f7e',
    },
  ],
  PrivacyPage: [
    {
      version: '1.0',
      date: '2026-11-26',
      digest: 'ec9f06308150ce933693eae75dd25991a1b1a82bc5c08c96c057c5a3103d4907',
    },
    {
      version: '1.1',
      date: '2026-11-27',
      // Names the expiry reminders (consent, Art. 6(1)(a) GDPR), the "my orders" sign-in links and the plate check.
      digest: 'a4293e2a86f5d9c6d5fe6356e8a8aa0271872158344aa39787de564d7716291d',
    },
  ],
  CookiePolicyPage: [
    {
      version: '1.0',
      date: '2026-11-26',
      digest: '4852a277ed11c278c13bc3256915764f699d73efb802907d8168f5a314306b47',
    },
    {
      version: '1.1',
      date: '2026-11-27',
      digest: '08e1ed227f905dc88cba8d8ee86d6cb95afb3c8981aafb5a2307a2317b0f16c3',
    },
  ],
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
