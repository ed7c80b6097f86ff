import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { NotFoundStatus } from '@/components/not-found/not-found-status';
import { NotFoundView } from '@/components/not-found/not-found-view';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: 'NotFoundPage' });
  return pageMetadata({
    locale,
    path: '/404',
    title: t('meta.title'),
    description: t('meta.description'),
    noindex: true,
  });
}

/** Every unknown address under a language is rewritten here (next.config.mjs), and answers 404. */
export default async function NotFoundPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <>
      <NotFoundView priority />
      <Suspense fallback={null}>
        <NotFoundStatus />
      </Suspense>
    </>
  );
}
