import { createHash } from 'node:crypto';
import { locales, type Locale } from '@/lib/i18n/routing';
import { calendarDayIn, SHOP_TIME_ZONE } from '@/lib/time-zones';

/**
 * The checkout's consent to expiry reminders (messages `VignetteForm.checkout.remindMe`), versioned as the legal texts
 * are (lib/legal/versions.ts): an order keeps the version its buyer agreed to. Changing the sentence in
 * messages/*.json means appending a version here with the new text's digest; a text changed without one fails a test
 * (tests/unit/lib/reminders/consent.test.ts).
 */
export const REMINDER_CONSENT_VERSIONS = [
  {
    version: '1.0',
    date: '2026-11-27',
    digest: '8cac213a8a05d205aeeeef1a52a125e69bfe89b81fea7cf660cce3bb80fd0f53',
  },
] as const satisfies readonly { version: string; date: string; digest: string }[];

/** The version a checkout shows and an order records: the latest. */
export const currentReminderConsent = () => REMINDER_CONSENT_VERSIONS[REMINDER_CONSENT_VERSIONS.length - 1]!;

/** The version in force on an order's day in Romania. */
export const reminderConsentInForce = (at: Date) =>
  REMINDER_CONSENT_VERSIONS.filter((entry) => entry.date <= calendarDayIn(SHOP_TIME_ZONE, at)).at(-1) ??
  currentReminderConsent();

/** The consent sentence's fingerprint in all four languages (SHA-256, in the order of `locales`). */
export function reminderConsentDigest(texts: Record<Locale, string>): string {
  return createHash('sha256')
    .update(JSON.stringify(locales.map((locale) => [locale, texts[locale]])))
    .digest('hex');
}
