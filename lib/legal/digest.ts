import { createHash } from 'node:crypto';
import { locales, type Locale } from '@/lib/i18n/routing';
import type { LegalTextMessages } from './archive';

/**
 * A legal text's fingerprint in all four languages (SHA-256 of its heading, intro and sections, in the order of
 * `locales`): LEGAL_VERSIONS keeps one per version, so a text that changes without a new version, or an archived
 * text that no longer matches what was published, fails a test (tests/unit/lib/legal/digest.test.ts).
 */
export function legalTextDigest(texts: Record<Locale, LegalTextMessages>): string {
  const canonical = locales.map((locale) => {
    const { heading, intro, sections } = texts[locale];
    return [locale, heading, intro, sections];
  });
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
