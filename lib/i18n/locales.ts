import type { Locale } from './routing';

/** How each language names itself in the switcher (docs/screens.md, Routes), and its Open Graph locale. */
export const LOCALE_INFO: Record<Locale, { name: string; ogLocale: string }> = {
  ro: { name: 'română', ogLocale: 'ro_RO' },
  en: { name: 'english', ogLocale: 'en_US' },
  de: { name: 'deutsch', ogLocale: 'de_DE' },
  hu: { name: 'magyar', ogLocale: 'hu_HU' },
};
