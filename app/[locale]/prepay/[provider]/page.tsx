import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { TopUpForm } from '@/components/prepay/topup-form';
import { JsonLd } from '@/components/seo/json-ld';
import { pageTopUpOperator } from '@/lib/catalog/page-data';
import { PendingCheckout } from '@/components/order/pending-checkout';
import { ClosedWhenNotSold, ProductLineClosedNotice } from '@/components/product-lines/product-line-closed';
import { buyerValidationTexts, clientTexts } from '@/lib/i18n/client-texts';
import { formatEur } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { breadcrumbJsonLd, productJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata, pageUrl } from '@/lib/seo/metadata';
import { FORMER_OPERATORS, TOP_UP_OPERATORS } from '@/lib/topups/seed-data';
import { pageLocale } from '@/lib/i18n/page-locale';
import { topUpFormPreformatted } from '@/lib/topups/form-preformatted';

interface Props {
  params: Promise<{ locale: Locale; provider: string }>;
}

// Products and prices come from the database: regenerated when staff change them (lib/catalog/page-revalidation.ts),
// and at least hourly (CATALOG_PAGE_SECONDS; Next wants a literal here).
export const revalidate = 3600;
// An operator added later in the database gets its page on first visit.
export const dynamicParams = true;

export function generateStaticParams() {
  return [...TOP_UP_OPERATORS.map((operator) => operator.id), ...Object.keys(FORMER_OPERATORS)].map(
    (provider) => ({ provider }),
  );
}

const isFormerOperator = (provider: string): provider is keyof typeof FORMER_OPERATORS =>
  Object.hasOwn(FORMER_OPERATORS, provider);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const { provider } = await params;
  const t = await getTranslations({ locale, namespace: 'PrepayPage' });
  if (isFormerOperator(provider)) {
    return pageMetadata({
      locale,
      path: `/prepay/${provider}`,
      title: t('telekom.title'),
      description: t('telekom.text'),
      keywords: t('meta.keywords'),
    });
  }
  const operator = await pageTopUpOperator(provider);
  if (!operator) return {};
  const values = { name: operator.name, plan: operator.plan };
  return pageMetadata({
    locale,
    path: `/prepay/${operator.id}`,
    title: t('provider.metaTitle', values),
    description: t('provider.metaDescription', values),
    keywords: t('meta.keywords'),
  });
}

/**
 * One operator's top-up page (route `{lang}/prepay/{provider}`, docs/screens.md, Routes): its products from the
 * database, rendered on the server; the form lives in the browser. Telekom's former prepaid customers are told where
 * their numbers went.
 */
export default async function PrepayProviderPage({ params }: Props) {
  const { locale, provider } = await params;
  setRequestLocale(locale);
  const [t, nav] = await Promise.all([getTranslations('PrepayPage'), getTranslations('Navigation')]);
  const back = (
    <p>
      <Link
        href="/prepay"
        className="text-brand inline-flex min-h-11 items-center gap-1 font-medium hover:underline"
      >
        <span aria-hidden="true">←</span> {t('provider.back')}
      </Link>
    </p>
  );

  if (isFormerOperator(provider)) {
    const movedTo = FORMER_OPERATORS[provider].movedTo;
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        {back}
        <h1 className="mt-2 text-3xl font-bold text-slate-900">{t('telekom.title')}</h1>
        <p className="mt-4 text-lg text-slate-800" data-testid="telekom-notice">
          {t('telekom.text')}
        </p>
        <p className="mt-6">
          <Link
            href={`/prepay/${movedTo}`}
            className="bg-accent inline-flex min-h-12 items-center rounded-lg px-6 text-lg font-bold text-slate-900 hover:brightness-95"
          >
            {t('telekom.link')}
          </Link>
        </p>
      </div>
    );
  }

  const [operator, form, labels, validation, emailSuggestion, billing] = await Promise.all([
    pageTopUpOperator(provider),
    getTranslations('TopUpForm'),
    clientTexts('TopUpForm'),
    buyerValidationTexts(),
    clientTexts('EmailSuggestion'),
    clientTexts('Billing'),
  ]);
  if (!operator) notFound();
  const heading = t('provider.heading', { name: operator.name, plan: operator.plan });
  const url = pageUrl(locale, `/prepay/${operator.id}`);
  const jsonLd = [
    breadcrumbJsonLd([
      { name: nav('home'), url: pageUrl(locale, '') },
      { name: nav('prepay'), url: pageUrl(locale, '/prepay') },
      { name: heading, url },
    ]),
    productJsonLd({
      name: heading,
      description: t('provider.intro', { name: operator.name }),
      url,
      brand: operator.name,
      offers: operator.products.map((product) => ({
        name: `${formatEur(Math.round(product.faceValue * 100), locale)} · ${form(product.delivery === 'PIN' ? 'deliveryPin' : 'deliveryDirect')}`,
        price: product.priceRon / 100,
        currency: 'RON' as const,
      })),
    }),
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      {back}
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-2 max-w-3xl text-lg text-slate-800">{t('provider.intro', { name: operator.name })}</p>
      {operator.id === FORMER_OPERATORS.telekom.movedTo && (
        <p className="bg-tile-yellow mt-3 max-w-3xl rounded-lg p-3 text-slate-900">{t('telekom.onDigi')}</p>
      )}
      <div className="mt-6">
        <ProductLineClosedNotice line="topUps" id="line-closed" />
      </div>
      <div className="mt-8">
        <ClosedWhenNotSold line="topUps" noticeId="line-closed">
          <PendingCheckout checkout="topUp" locale={locale} />
          <TopUpForm
            operator={{ id: operator.id, name: operator.name, plan: operator.plan }}
            products={operator.products}
            locale={locale}
            labels={labels}
            validation={validation}
            emailSuggestion={emailSuggestion}
            billing={billing}
            preformatted={topUpFormPreformatted(locale, operator.products)}
          />
        </ClosedWhenNotSold>
      </div>
      <p className="mt-10">
        <Link href="/faq/prepay_cards" className="text-brand font-medium underline">
          {t('provider.help')}
        </Link>
      </p>
      {jsonLd.map((data) => (
        <JsonLd key={String(data['@type'])} data={data} />
      ))}
    </div>
  );
}
