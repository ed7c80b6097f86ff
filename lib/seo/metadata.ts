import 'server-only';

import type { Metadata } from 'next';
import { getConfig } from '@/lib/config/env';
import { COMPANY } from '@/lib/company';
import { LOCALE_INFO } from '@/lib/i18n/locales';
import { locales, routing, type Locale } from '@/lib/i18n/routing';

export interface PageMetadataInput {
  locale: Locale;
  /** The path after the language prefix: '' for home, '/contact', '/faq/viniete-prices'. */
  path: string;
  title: string;
  description: string;
  keywords?: string;
  /** Pages that must not appear in search results (404, payment outcomes). */
  noindex?: boolean;
}

export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

/** The absolute address of a page in a language. */
export const pageUrl = (locale: Locale, path: string) => `${getConfig().siteUrl}/${locale}${path}`;

/**
 * Title, description, keywords, canonical link, hreflang alternates for the four languages and x-default, and
 * Open Graph, all absolute against SITE_URL (docs/screens.md, Routes).
 */
export function pageMetadata({
  locale,
  path,
  title,
  description,
  keywords,
  noindex,
}: PageMetadataInput): Metadata {
  const { siteUrl } = getConfig();
  return {
    metadataBase: new URL(siteUrl),
    title: { absolute: title },
    description,
    keywords,
    alternates: {
      canonical: pageUrl(locale, path),
      languages: {
        ...Object.fromEntries(locales.map((other) => [other, pageUrl(other, path)])),
        'x-default': pageUrl(routing.defaultLocale, path),
      },
    },
    openGraph: {
      type: 'website',
      title,
      description,
      siteName: COMPANY.brand,
      url: pageUrl(locale, path),
      locale: LOCALE_INFO[locale].ogLocale,
      alternateLocale: locales
        .filter((other) => other !== locale)
        .map((other) => LOCALE_INFO[other].ogLocale),
      images: [
        { url: `${siteUrl}${OG_IMAGE.path}`, width: OG_IMAGE.width, height: OG_IMAGE.height, alt: title },
      ],
    },
    twitter: { card: 'summary_large_image', title, description },
    // "index, follow" is what a crawler does without the tag: only the pages kept out of results say anything.
    ...(noindex && { robots: { index: false, follow: true } }),
  };
}
