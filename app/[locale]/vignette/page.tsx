import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { VIGNETTE_CATEGORIES } from '@/lib/vignettes/categories';
import { Link } from '@/lib/i18n/navigation';
import { ProductLineClosedNotice } from '@/components/product-lines/product-line-closed';
import type { Locale } from '@/lib/i18n/routing';
import { JsonLd } from '@/components/seo/json-ld';
import { PlateCheckLink } from '@/components/vignette/plate-check-link';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata, pageUrl } from '@/lib/seo/metadata';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: 'VignettePage.meta' });
  return pageMetadata({
    locale,
    path: '/vignette',
    title: t('title'),
    description: t('description'),
    keywords: t('keywords'),
  });
}

/**
 * The vignette section (route `{lang}/vignette`, docs/screens.md, Routes): what the e-vignette is and the five
 * categories, each with whom it is for; the four on sale lead to their purchase page, B2 is shown with the reason it
 * can no longer be bought.
 */
export default async function VignetteSectionPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, nav] = await Promise.all([getTranslations('VignettePage'), getTranslations('Navigation')]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('heading')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-800">{t('intro')}</p>
      <div className="mt-4">
        <ProductLineClosedNotice line="vignettes" />
      </div>
      <ul className="mt-4 max-w-3xl space-y-2">
        {(t.raw('points') as string[]).map((point) => (
          <li key={point} className="flex gap-2 text-slate-800">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="text-brand mt-1 size-4 shrink-0"
              fill="currentColor"
            >
              <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
            </svg>
            {point}
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-2xl font-bold text-slate-900">{t('categoriesHeading')}</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="vignette-categories">
        {VIGNETTE_CATEGORIES.map((category) => {
          const badge = (
            <span
              className={`flex size-14 shrink-0 items-center justify-center rounded-lg text-xl font-bold ${
                category.sellable ? 'bg-accent text-slate-900' : 'bg-slate-300 text-slate-800'
              }`}
            >
              {category.title}
            </span>
          );
          return (
            <li key={category.code} data-category={category.code} data-sellable={category.sellable}>
              {category.sellable ? (
                <Link
                  href={`/vignette/${category.slug}`}
                  className="bg-tile-yellow ring-brand flex h-full gap-4 rounded-xl p-5 shadow-sm transition hover:shadow-md hover:ring-2 focus-visible:ring-4 focus-visible:outline-none"
                >
                  {badge}
                  <span className="flex flex-col">
                    <span className="text-lg font-bold text-slate-900">
                      {t(`categories.${category.code}.name`)}
                    </span>
                    <span className="mt-1 text-slate-800">{t(`categories.${category.code}.who`)}</span>
                    <span className="text-brand mt-3 font-semibold">
                      {t('buy', { title: category.title })} <span aria-hidden="true">→</span>
                    </span>
                  </span>
                </Link>
              ) : (
                // Dimmed, yet readable: the reason is what the visitor needs to read.
                <div className="flex h-full gap-4 rounded-xl border-2 border-dashed border-slate-300 bg-slate-100 p-5">
                  {badge}
                  <span className="flex flex-col">
                    <span className="text-lg font-bold text-slate-700">
                      {t(`categories.${category.code}.name`)}
                    </span>
                    <span className="mt-1 text-slate-700">{t(`categories.${category.code}.who`)}</span>
                    <span className="mt-3 w-fit rounded-full bg-slate-700 px-3 py-0.5 text-sm font-semibold text-white">
                      {t('notSold')}
                    </span>
                    <span className="mt-2 text-sm text-slate-700">{t('categories.BUS.reason')}</span>
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-8">
        <Link href="/faq/viniete-prices" className="text-brand font-medium underline">
          {t('pricesLink')}
        </Link>
      </p>
      <PlateCheckLink>{t('checkLink')}</PlateCheckLink>
      <JsonLd
        data={breadcrumbJsonLd([
          { name: nav('home'), url: pageUrl(locale, '') },
          { name: nav('vignette'), url: pageUrl(locale, '/vignette') },
        ])}
      />
    </div>
  );
}
