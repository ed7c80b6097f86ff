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
  // Every page names its other languages in its HTML and the sitemap (lib/seo/metadata.ts, app/sitemap.ts); the same
  // list again as a `Link` header was 330 bytes of every page's first round trip (docs/decisions/0029-*.md).
  alternateLinks: false,
});
