import type { MetadataRoute } from 'next';
import { ALL_FAQ_ANCHORS } from '@/lib/faq/structure';
import { locales } from '@/lib/i18n/routing';
import { pageTopUpOperators } from '@/lib/catalog/page-data';
import { pageUrl } from '@/lib/seo/metadata';
import { PRODUCT_SLUGS } from '@/lib/vignettes/categories';

// The operators on sale come from the database: regenerated with the catalog's pages (lib/catalog/page-revalidation.ts),
// and at least hourly (CATALOG_PAGE_SECONDS; Next wants a literal here).
export const revalidate = 3600;

/** Every public page but the operators', in every language. */
const FIXED_PATHS = [
  '',
  '/vignette',
  ...PRODUCT_SLUGS.map((product) => `/vignette/${product}`),
  '/vignette/check',
  '/prepay',
  '/contact',
  '/faq',
  '/gdpr',
  '/terms-conditions',
  '/cookie-policy',
];

/** Every public page in every language, each with its alternates: every product page, each operator on sale. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const operators = await pageTopUpOperators();
  const paths = [
    ...FIXED_PATHS,
    ...operators.map((operator) => `/prepay/${operator.id}`),
    ...ALL_FAQ_ANCHORS.map((anchor) => `/faq/${anchor}`),
  ];
  return paths.flatMap((path) =>
    locales.map((locale) => ({
      url: pageUrl(locale, path),
      changeFrequency: path.startsWith('/faq') ? 'weekly' : 'monthly',
      priority: path === '' ? 1 : 0.6,
      alternates: { languages: Object.fromEntries(locales.map((other) => [other, pageUrl(other, path)])) },
    })),
  );
}
