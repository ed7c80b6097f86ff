import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { OrderEmail } from './order-email';
import { SvgImage } from '@/components/ui/svg-image';

interface Props {
  params: Promise<{ locale: Locale }>;
}

type Outcome = 'successful' | 'timeout';

const NAMESPACE = { successful: 'PaymentSuccessPage', timeout: 'PaymentTimeoutPage' } as const;

/**
 * The page module of a payment outcome (docs/screens.md, Payment outcome): /{lang}/payment/successful and
 * /{lang}/payment/timeout.
 */
export function paymentOutcomePage(outcome: Outcome) {
  const namespace = NAMESPACE[outcome];
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const { locale } = await params;
      const t = await getTranslations({ locale, namespace });
      return pageMetadata({
        locale,
        path: `/payment/${outcome}`,
        title: t('meta.title'),
        description: t('meta.description'),
        noindex: true,
      });
    },
    async Page({ params }: Props) {
      const { locale } = await params;
      setRequestLocale(locale);
      const t = await getTranslations(namespace);
      return (
        <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-14 text-center">
          <SvgImage
            src={outcome === 'successful' ? '/images/payment-success.svg' : '/images/payment-timeout.svg'}
            alt=""
            width={120}
            height={120}
            priority
          />
          <h1 className="mt-6 text-3xl font-bold text-slate-900">{t('heading')}</h1>
          {outcome === 'successful' ? (
            <>
              <p className="mt-4 text-lg text-slate-800" data-testid="outcome-email">
                <Suspense fallback={t('textNoEmail')}>
                  <OrderEmail template={t.raw('text') as string} fallback={t('textNoEmail')} />
                </Suspense>
              </p>
              <p className="mt-2 text-slate-700">{t('hint')}</p>
            </>
          ) : (
            <>
              <p className="mt-4 text-lg text-slate-800">{t('text')}</p>
              <p className="mt-2 font-medium text-slate-900" data-testid="outcome-email">
                <Suspense fallback={null}>
                  <OrderEmail template={t.raw('email') as string} />
                </Suspense>
              </p>
              <p className="mt-2 text-slate-700">{t('retry')}</p>
            </>
          )}
          <Link
            href="/"
            className="bg-brand hover:bg-brand-dark mt-8 inline-flex min-h-11 items-center rounded px-6 font-semibold text-white"
          >
            {t('backHome')}
          </Link>
        </div>
      );
    },
  };
}
