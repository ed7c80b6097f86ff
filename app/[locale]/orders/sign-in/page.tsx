import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RedeemLink } from '@/components/my-orders/redeem-link';
import type { Locale } from '@/lib/i18n/routing';
import { myOrdersMetadata, signInLinkTexts } from '@/components/my-orders/page-texts';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

// The token is the visitor's own: rendered per request, never cached, never indexed.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return myOrdersMetadata(await pageLocale(params), '/orders/sign-in');
}

/**
 * `/{lang}/orders/sign-in?token=…`, the page the e-mail's link opens. Opening it changes nothing (mail scanners open
 * links before the buyer does); its button redeems the token.
 */
export default async function MyOrdersSignInPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const given = (await searchParams).token;
  const token = typeof given === 'string' ? given : '';
  const [t, formTexts] = await Promise.all([
    getTranslations({ locale, namespace: 'MyOrdersPage' }),
    signInLinkTexts(locale),
  ]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('signInHeading')}</h1>
      <p className="mt-2 text-slate-700">{t('signInText')}</p>
      <RedeemLink
        token={token}
        locale={locale}
        formTexts={formTexts}
        texts={{
          button: t('signInButton'),
          busy: t('signingIn'),
          gone: t('linkGone'),
          unknown: t('linkUnknown'),
          failed: t('signInFailed'),
          tooMany: t('tooMany'),
        }}
      />
    </div>
  );
}
