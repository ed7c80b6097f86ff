import type { Metadata } from 'next';
import { getLocale, getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { getConfig } from '@/lib/config/env';
import type { Locale } from '@/lib/i18n/routing';
import { analyticsDisclosure } from '@/lib/legal/analytics';
import { buildLegalDocument } from '@/lib/legal/document';
import type { LegalTextMessages } from '@/lib/legal/archive';
import type { LegalDocumentId, LegalVersion } from '@/lib/legal/versions';
import { pageMetadata } from '@/lib/seo/metadata';
import { keepForHtmlUnderItsHash } from '@/lib/html-only-keys';
import { KeptLegalDocument } from './kept-legal-document';
import { pageLocale } from '@/lib/i18n/page-locale';

export type LegalNamespace = LegalDocumentId;

/**
 * A long legal text from messages/*.json (heading, intro, sections with paragraphs, lists, tables and
 * subsections), rendered at once on the server with the company's details filled in, its version and date, and what
 * it says about analytics chosen by the configuration. The article is in the page's HTML only
 * (kept-legal-document.tsx).
 */
export async function LegalDocument({
  namespace,
  version,
  text,
}: {
  namespace: LegalNamespace;
  /** An earlier version and its archived text (the versioned address); the current one by default. */
  version?: LegalVersion;
  text?: LegalTextMessages;
}) {
  const [messages, locale] = await Promise.all([getMessages(), getLocale()]);
  const config = getConfig();
  const content = buildLegalDocument({
    namespace,
    locale: locale as Locale,
    messages: text ? { ...messages, [namespace]: text } : messages,
    siteUrl: config.siteUrl,
    analytics: analyticsDisclosure(config),
    version,
  });
  return <KeptLegalDocument id={keepForHtmlUnderItsHash(content)} />;
}

interface LegalPageProps {
  params: Promise<{ locale: Locale }>;
}

/** The page module of one legal document: its metadata and its page, for app/[locale]/<path>/page.tsx. */
export function legalPage(namespace: LegalNamespace, path: string) {
  return {
    async generateMetadata({ params }: LegalPageProps): Promise<Metadata> {
      const locale = await pageLocale(params);
      const t = await getTranslations({ locale, namespace });
      return pageMetadata({
        locale,
        path,
        title: t('meta.title'),
        description: t('meta.description'),
        keywords: t('meta.keywords'),
      });
    },
    async Page({ params }: LegalPageProps) {
      const { locale } = await params;
      setRequestLocale(locale);
      return <LegalDocument namespace={namespace} />;
    },
  };
}
