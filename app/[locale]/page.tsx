import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HomeIntro } from '@/components/home/home-intro';
import { ProductGrid } from '@/components/home/product-grid';
import { JsonLd } from '@/components/seo/json-ld';
import { pageClosedLines } from '@/lib/catalog/page-data';
import { getConfig } from '@/lib/config/env';
import type { Locale } from '@/lib/i18n/routing';
import { organizationJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: 'HomePage.meta' });
  return pageMetadata({
    locale,
    path: '',
    title: t('title'),
    description: t('description'),
    keywords: t('keywords'),
  });
}

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const closedLines = await pageClosedLines();

  return (
    <>
      <JsonLd data={organizationJsonLd(getConfig().siteUrl)} />
      <HomeIntro />
      <ProductGrid closedLines={closedLines} />
    </>
  );
}
