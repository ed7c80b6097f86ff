import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageTopUpOperators } from '@/lib/catalog/page-data';
import { Link } from '@/lib/i18n/navigation';
import { ProductLineClosedNotice } from '@/components/product-lines/product-line-closed';
import type { Locale } from '@/lib/i18n/routing';
import { JsonLd } from '@/components/seo/json-ld';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata, pageUrl } from '@/lib/seo/metadata';
import { FORMER_OPERATORS } from '@/lib/topups/seed-data';
import { formatRon } from '@/lib/i18n/format';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale }>;
}

// Operators and prices come from the database: regenerated when staff change them (lib/catalog/page-revalidation.ts),
// and at least hourly (CATALOG_PAGE_SECONDS; Next wants a literal here).
export const revalidate = 3600;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: 'PrepayPage.meta' });
  return pageMetadata({
    locale,
    path: '/prepay',
    title: t('title'),
    description: t('description'),
    keywords: t('keywords'),
  });
}

const tile =
  'flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-brand transition hover:shadow-md hover:ring-2 focus-visible:ring-4 focus-visible:outline-none';

/** The prepay section (route `{lang}/prepay`, docs/screens.md, Routes): choose the operator the number is with now. */
export default async function PrepaySectionPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, nav, operators] = await Promise.all([
    getTranslations('PrepayPage'),
    getTranslations('Navigation'),
    pageTopUpOperators(),
  ]);
  const telekom = FORMER_OPERATORS.telekom;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('heading')}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-800">{t('intro')}</p>
      <div className="mt-4">
        <ProductLineClosedNotice line="topUps" />
      </div>
      <h2 className="mt-8 text-2xl font-bold text-slate-900">{t('operatorsHeading')}</h2>
      <p className="mt-1 max-w-3xl text-slate-700">{t('portedNote')}</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="operators">
        {operators.map((operator) => {
          const prices = operator.products.map((product) => product.priceRon);
          return (
            <li key={operator.id} data-operator={operator.id}>
              <Link href={`/prepay/${operator.id}`} className={tile}>
                <span className="text-2xl font-bold text-slate-900">{operator.name}</span>
                <span className="text-slate-800">{operator.plan}</span>
                <span className="mt-2 text-sm text-slate-700">
                  {t('priceRange', {
                    min: formatRon(Math.min(...prices), locale),
                    max: formatRon(Math.max(...prices), locale),
                  })}
                </span>
                <span className="text-brand mt-3 font-semibold">
                  {t('choose', { name: operator.name })} <span aria-hidden="true">→</span>
                </span>
              </Link>
            </li>
          );
        })}
        <li data-operator="telekom">
          <Link href="/prepay/telekom" className={`${tile} bg-slate-100`}>
            <span className="text-2xl font-bold text-slate-700">{telekom.name}</span>
            <span className="mt-2 text-slate-800">{t('telekom.short')}</span>
            <span className="text-brand mt-3 font-semibold">
              {t('telekom.link')} <span aria-hidden="true">→</span>
            </span>
          </Link>
        </li>
      </ul>
      <ul className="mt-8 max-w-3xl space-y-2">
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
      <p className="mt-8">
        <Link href="/faq/prepay_cards" className="text-brand font-medium underline">
          {t('help')}
        </Link>
      </p>
      <JsonLd
        data={breadcrumbJsonLd([
          { name: nav('home'), url: pageUrl(locale, '') },
          { name: nav('prepay'), url: pageUrl(locale, '/prepay') },
        ])}
      />
    </div>
  );
}
