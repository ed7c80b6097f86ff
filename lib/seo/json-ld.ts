import type { FAQPage, Organization, WithContext } from 'schema-dts';
import { COMPANY } from '@/lib/company';
import { locales } from '@/lib/i18n/routing';

/**
 * JSON for an inline `<script type="application/ld+json">`: `<` is escaped so that no text in the data can close
 * the script element.
 */
export const serializeJsonLd = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');

export function organizationJsonLd(siteUrl: string): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: COMPANY.name,
    alternateName: COMPANY.brand,
    url: siteUrl,
    logo: `${siteUrl}/icon.svg`,
    email: COMPANY.email,
    telephone: COMPANY.phone,
    foundingDate: String(COMPANY.foundingYear),
    vatID: COMPANY.taxId,
    address: {
      '@type': 'PostalAddress',
      streetAddress: COMPANY.street,
      postalCode: COMPANY.postalCode,
      addressLocality: COMPANY.city,
      addressRegion: COMPANY.county,
      addressCountry: COMPANY.countryCode,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: COMPANY.phone,
      email: COMPANY.email,
      availableLanguage: [...locales],
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: COMPANY.openingHours.opens,
        closes: COMPANY.openingHours.closes,
      },
    },
  };
}

export interface FaqEntry {
  question: string;
  answer: string;
  url: string;
}

export function faqPageJsonLd(entries: FaqEntry[], inLanguage: string): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage,
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      url: entry.url,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
}
