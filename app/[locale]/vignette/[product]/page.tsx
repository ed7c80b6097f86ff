import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import {
  categoryBySlug,
  PRODUCT_SLUGS,
  VIGNETTE_CATEGORIES,
  VIGNETTE_ISSUER,
} from '@/lib/vignettes/categories';
import type { CategoryNames } from '@/lib/i18n/labels';
import { VignettePurchase } from '@/components/vignette/vignette-purchase';
import { PendingCheckout } from '@/components/order/pending-checkout';
import { YearlyRenewalNotice } from '@/components/vignette/yearly-renewal-notice';
import { ClosedWhenNotSold, ProductLineClosedNotice } from '@/components/product-lines/product-line-closed';
import { buyerValidationTexts, clientTexts, TOP_UP_VALIDATION_KEYS } from '@/lib/i18n/client-texts';
import { CHECKOUT_VALIDATION_KEYS, pageFormLabels } from '@/lib/i18n/checkout-texts';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { JsonLd } from '@/components/seo/json-ld';
import { PlateCheckLink } from '@/components/vignette/plate-check-link';
import { pageCatalog, pagePriceTable } from '@/lib/catalog/page-data';
import { yearlyRenewal } from '@/lib/vignettes/yearly-renewal';
import { isYearly } from '@/lib/vignettes/periods';
import { vignetteFormPreformatted } from '@/lib/vignettes/form-preformatted';
import { breadcrumbJsonLd, productJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata, pageUrl } from '@/lib/seo/metadata';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale; product: string }>;
}

// Only the four categories on sale have a page; B2 is explained on the section page.
export const dynamicParams = false;
// The form is rendered with the day's catalog (prices, start-day bounds): regenerated when staff change a price or the
// rate, or the BNR feed brings a new rate (lib/catalog/page-revalidation.ts), and at least hourly (CATALOG_PAGE_SECONDS;
// Next wants a literal here). A page rendered before midnight is corrected in the browser (VignettePurchase).
export const revalidate = 3600;

export function generateStaticParams() {
  return PRODUCT_SLUGS.map((product) => ({ product }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const { product } = await params;
  const category = categoryBySlug(product);
  if (!category) return {};
  const t = await getTranslations({ locale, namespace: 'VignettePage' });
  const values = {
    title: category.title,
    name: t(`categories.${category.code}.name`),
    who: t(`categories.${category.code}.who`),
  };
  return pageMetadata({
    locale,
    path: `/vignette/${category.slug}`,
    title: t('product.metaTitle', values),
    description: t('product.metaDescription', values),
    keywords: t('meta.keywords'),
  });
}

/**
 * One category's purchase page (route `{lang}/vignette/{product}`, docs/screens.md, Routes), prerendered with the day's
 * catalog: the first paint is the real form with its prices, which the browser then takes over (the cart lives there).
 * Described for search engines as a Product with its offers, and its place under the vignette section.
 */
export default async function VignetteProductPage({ params }: Props) {
  const { locale, product } = await params;
  const category = categoryBySlug(product);
  if (!category) notFound();
  setRequestLocale(locale);
  // In November and December the yearly vignette's renewal notice needs next year's prices: read beside the catalog.
  const renewal = yearlyRenewal(new Date());
  const [t, nav, form, catalog, labels, validation, validityTexts, nextYearTable] = await Promise.all([
    getTranslations('VignettePage'),
    getTranslations('Navigation'),
    getTranslations('VignetteForm'),
    pageCatalog(),
    clientTexts('VignetteForm').then(pageFormLabels),
    // The checkout's texts come with its code, once the cart holds a vignette (lib/i18n/checkout-texts.ts).
    buyerValidationTexts([...TOP_UP_VALIDATION_KEYS, ...CHECKOUT_VALIDATION_KEYS]),
    clientTexts('VignetteValidity'),
    renewal ? pagePriceTable(renewal.nextYear) : Promise.resolve(undefined),
  ]);
  const categoryNames: CategoryNames = Object.fromEntries(
    VIGNETTE_CATEGORIES.map((entry) => [entry.code, t(`categories.${entry.code}.name`)]),
  );
  const names = { title: category.title, name: t(`categories.${category.code}.name`) };
  const url = pageUrl(locale, `/vignette/${category.slug}`);
  const products = catalog?.products.filter((entry) => entry.categoryCode === category.code) ?? [];
  const jsonLd = [
    breadcrumbJsonLd([
      { name: nav('home'), url: pageUrl(locale, '') },
      { name: nav('vignette'), url: pageUrl(locale, '/vignette') },
      { name: t('product.heading', names), url },
    ]),
    // Without a price (no rate known yet) there is no offer to describe.
    ...(products.length
      ? [
          productJsonLd({
            name: t('product.heading', names),
            description: t(`categories.${category.code}.who`),
            url,
            brand: VIGNETTE_ISSUER,
            offers: products.flatMap((entry) => {
              const period = form(`periods.${entry.type}.name`);
              // A yearly vignette of next year sits beside this year's in December's pre-sale.
              const name = isYearly(entry.type) ? `${period} ${entry.year}` : period;
              return [
                { name, price: entry.priceRon / 100, currency: 'RON' as const },
                { name, price: entry.priceHuf, currency: 'HUF' as const },
              ];
            }),
          }),
        ]
      : []),
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <p>
        <Link
          href="/vignette"
          className="text-brand inline-flex min-h-11 items-center gap-1 font-medium hover:underline"
        >
          <span aria-hidden="true">←</span> {t('product.back')}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{t('product.heading', names)}</h1>
      <p className="mt-2 max-w-3xl text-lg text-slate-800">{t(`categories.${category.code}.who`)}</p>
      <div className="mt-6">
        <ProductLineClosedNotice line="vignettes" id="line-closed" />
      </div>
      <div className="mt-8">
        <ClosedWhenNotSold line="vignettes" noticeId="line-closed">
          <PendingCheckout checkout="vignette" locale={locale} />
          <YearlyRenewalNotice
            categoryCode={category.code}
            catalog={catalog}
            nextYearTable={nextYearTable}
            locale={locale}
          />
          <VignettePurchase
            categoryCode={category.code}
            // The form offers this category's vignettes only: the others' prices stay out of its props.
            initialCatalog={catalog && { ...catalog, products }}
            locale={locale}
            labels={labels}
            validation={validation}
            validityTexts={validityTexts}
            categoryNames={categoryNames}
            preformatted={vignetteFormPreformatted(locale, products)}
          />
        </ClosedWhenNotSold>
      </div>
      <p className="mt-10">
        <Link href="/faq/viniete" className="text-brand font-medium underline">
          {t('product.help')}
        </Link>
      </p>
      <PlateCheckLink>{t('checkLink')}</PlateCheckLink>
      {jsonLd.map((data) => (
        <JsonLd key={String(data['@type'])} data={data} />
      ))}
    </div>
  );
}
