import { getTranslations, setRequestLocale } from 'next-intl/server';

interface HomePageProps {
  params: Promise<{ locale: string }>;
}

export default async function HomePage({ params }: HomePageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('HomePage');

  return (
    <main className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-bold text-brand">{t('siteName')}</h1>
      <p className="mt-2 text-xl text-slate-700">{t('tagline')}</p>
      <p className="mt-6 max-w-2xl text-lg text-slate-700">{t('description')}</p>
    </main>
  );
}
