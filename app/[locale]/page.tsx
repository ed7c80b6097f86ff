import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProductGrid } from '@/components/home/product-grid';
import { JsonLd } from '@/components/seo/json-ld';
import { getConfig } from '@/lib/config/env';
import type { Locale } from '@/lib/i18n/routing';
import { organizationJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';

interface Props {
  params: Promise<{ locale: Locale }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
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
  const t = await getTranslations('HomePage');

  return (
    <>
      <JsonLd data={organizationJsonLd(getConfig().siteUrl)} />
      <section className="from-brand to-brand-dark hidden bg-gradient-to-br text-white sm:block">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h1 className="text-4xl font-bold tracking-tight">{t('siteName')}</h1>
          <p className="text-accent mt-2 text-xl font-medium">{t('tagline')}</p>
          <p className="mt-4 max-w-2xl text-lg text-white/90">{t('description')}</p>
        </div>
      </section>
      {/* On the smallest screens the hero is hidden; the page keeps its heading for readers and crawlers. */}
      <h1 className="sr-only sm:hidden">{t('siteName')}</h1>
      <ProductGrid />
    </>
  );
}
