import type { Metadata } from 'next';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { LegalDocument } from '@/components/legal/legal-document';
import type { Locale } from '@/lib/i18n/routing';
import { publishedText } from '@/lib/legal/archive';
import { LEGAL_PATHS } from '@/lib/legal/pages';
import { LEGAL_VERSIONS, versionOn } from '@/lib/legal/versions';
import { pageMetadata } from '@/lib/seo/metadata';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale; version: string }>;
}

// Only the published versions have an address; any other day is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return LEGAL_VERSIONS.TermsPage.map((entry) => ({ version: entry.date }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const { version } = await params;
  const t = await getTranslations({ locale, namespace: 'TermsPage' });
  return pageMetadata({
    locale,
    path: `${LEGAL_PATHS.TermsPage}/${version}`,
    title: t('meta.title'),
    description: t('meta.description'),
    keywords: t('meta.keywords'),
    // The same text as the terms' own page while it is current: only that page is for search engines.
    noindex: true,
  });
}

/**
 * The terms as published on a day (route `{lang}/terms-conditions/{date}`): the address the order e-mail gives, which
 * keeps showing the version that applied to the order after the terms change (lib/legal/archive.ts).
 */
export default async function VersionedTermsPage({ params }: Props) {
  const { locale, version: date } = await params;
  setRequestLocale(locale);
  const messages = await getMessages();
  const version = versionOn('TermsPage', date);
  const text = publishedText('TermsPage', date, locale, messages.TermsPage);
  if (!version || !text) notFound();
  return <LegalDocument namespace="TermsPage" version={version} text={text} />;
}
