import type { MetadataRoute } from 'next';
import { ALL_FAQ_ANCHORS } from '@/lib/faq/structure';
import { locales } from '@/lib/i18n/routing';
import { pageUrl } from '@/lib/seo/metadata';
import { TOP_UP_OPERATORS } from '@/lib/topups/seed-data';
import { PRODUCT_SLUGS } from '@/lib/vignettes/categories';

/** Every public page in every language, each with its alternates. */
const PUBLIC_PATHS = [
  '',
  '/vignette',
  ...PRODUCT_SLUGS.map((product) => `/vignette/${product}`),
  '/prepay',
  ...TOP_UP_OPERATORS.map((operator) => `/prepay/${operator.id}`),
  '/contact',
  '/faq',
  '/gdpr',
  '/terms-conditions',
  '/cookie-policy',
];

export default function sitemap(): MetadataRoute.Sitemap {
  const paths = [...PUBLIC_PATHS, ...ALL_FAQ_ANCHORS.map((anchor) => `/faq/${anchor}`)];
  return paths.flatMap((path) =>
    locales.map((locale) => ({
      url: pageUrl(locale, path),
      changeFrequency: path.startsWith('/faq') ? 'weekly' : 'monthly',
      priority: path === '' ? 1 : 0.6,
      alternates: { languages: Object.fromEntries(locales.map((other) => [other, pageUrl(other, path)])) },
    })),
  );
}
