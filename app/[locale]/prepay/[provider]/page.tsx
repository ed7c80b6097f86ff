import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { TopUpForm } from '@/components/prepay/topup-form';
import { getDb } from '@/lib/db/client';
import { PendingCheckout } from '@/components/order/pending-checkout';
import { clientTexts } from '@/lib/i18n/client-texts';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { findTopUpOperator } from '@/lib/topups/catalog';
import { FORMER_OPERATORS, TOP_UP_OPERATORS } from '@/lib/topups/seed-data';

interface Props {
  params: Promise<{ locale: Locale; provider: string }>;
}

// Prices come from the database: the prerendered pages are refreshed at most a minute after a change.
export const revalidate = 60;
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
  const { locale, provider } = await params;
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
  const operator = await findTopUpOperator(await getDb(), provider);
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
  const t = await getTranslations('PrepayPage');
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

  const [operator, labels, validation, emailSuggestion, billing, payAgain] = await Promise.all([
    findTopUpOperator(await getDb(), provider),
    clientTexts('TopUpForm'),
    clientTexts('Validation'),
    clientTexts('EmailSuggestion'),
    clientTexts('Billing'),
    clientTexts('PayAgain'),
  ]);
  if (!operator) notFound();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      {back}
      <h1 className="mt-2 text-3xl font-bold text-slate-900">
        {t('provider.heading', { name: operator.name, plan: operator.plan })}
      </h1>
      <p className="mt-2 max-w-3xl text-lg text-slate-800">{t('provider.intro', { name: operator.name })}</p>
      {operator.id === FORMER_OPERATORS.telekom.movedTo && (
        <p className="bg-tile-yellow mt-3 max-w-3xl rounded-lg p-3 text-slate-900">{t('telekom.onDigi')}</p>
      )}
      <div className="mt-8">
        <PendingCheckout checkout="topUp" texts={payAgain} />
        <TopUpForm
          operator={{ id: operator.id, name: operator.name, plan: operator.plan }}
          products={operator.products}
          locale={locale}
          labels={labels}
          validation={validation}
          emailSuggestion={emailSuggestion}
          billing={billing}
        />
      </div>
      <p className="mt-10">
        <Link href="/faq/prepay_cards" className="text-brand font-medium underline">
          {t('provider.help')}
        </Link>
      </p>
    </div>
  );
}
