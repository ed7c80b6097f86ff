import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { Counter } from '@/components/counter';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'FaqPage' });
  return { title: t('title'), description: t('intro') };
}

export default function FaqPage({ params }: Props) {
  const { locale } = use(params);
  setRequestLocale(locale);
  const t = useTranslations('FaqPage');
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-4 text-3xl font-bold">{t('title')}</h1>
      <p className="mb-3 text-lg">{t('intro')}</p>
      <p className="mb-3">{t('first')}</p>
      <p className="mb-3">{t('second')}</p>
      <Counter />
    </main>
  );
}
