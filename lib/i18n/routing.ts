import { defineRouting } from 'next-intl/routing';

export const locales = ['ro', 'en', 'de', 'hu'] as const;
export type Locale = (typeof locales)[number];

export const routing = defineRouting({
  locales,
  defaultLocale: 'ro',
  localePrefix: 'always',
  // The bare address always opens the Romanian shop (docs/screens.md, Routes); the language is chosen in the page.
  localeDetection: false,
  // Without detection the language cookie would be set for nothing (and before any consent).
  localeCookie: false,
});
