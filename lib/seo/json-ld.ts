import type { BreadcrumbList, FAQPage, Offer, Organization, Product, WithContext } from 'schema-dts';
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

export interface ProductOffer {
  /** What this offer is, in the page's language: "10 days", "5 EUR". */
  name: string;
  /** In the currency's unit (lei, forints), not in bani. */
  price: number;
  currency: 'RON' | 'HUF';
}

export interface ProductDescription {
  name: string;
  description: string;
  /** The product page's absolute address. */
  url: string;
  /** Who makes the product: the road operator, the mobile operator. */
  brand: string;
  offers: readonly ProductOffer[];
}

/**
 * A purchase page as a `Product` with one `Offer` per price, all in stock: the prices the page shows, in the
 * currencies it shows them. Sold by the shop ({@link COMPANY}), at the page's address.
 */
export function productJsonLd(product: ProductDescription): WithContext<Product> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    url: product.url,
    brand: { '@type': 'Brand', name: product.brand },
    offers: product.offers.map((offer): Offer => ({
      '@type': 'Offer',
      name: offer.name,
      // Two decimals for lei (bani), whole forints: the amounts as the page writes them.
      price: offer.currency === 'RON' ? offer.price.toFixed(2) : String(Math.round(offer.price)),
      priceCurrency: offer.currency,
      availability: 'https://schema.org/InStock',
      url: product.url,
      seller: { '@type': 'Organization', name: COMPANY.name },
    })),
  };
}

export interface Crumb {
  name: string;
  /** Absolute address. */
  url: string;
}

/** The trail from the home page to this one, as search engines show it under the result. */
export function breadcrumbJsonLd(trail: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}
