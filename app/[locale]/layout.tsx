import type { Metadata, Viewport } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ErrorTextsProvider } from '@/components/errors/error-texts';
import { CookieBanner } from '@/components/layout/cookie-banner';
import { HtmlOnlyScript } from '@/components/layout/html-only-script';
import { LoadingIndicators } from '@/components/layout/loading-indicators';
import { PageViewAnalytics } from '@/components/layout/page-view-analytics';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { HEAD_SCRIPT } from '@/lib/consent';
import { clientTexts } from '@/lib/i18n/client-texts';
import { LOCALE_INFO } from '@/lib/i18n/locales';
import { pageLocale } from '@/lib/i18n/page-locale';
import { routing } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import '../globals.css';
import { THEME_COLOUR } from '@/lib/seo/web-app';

interface LocaleLayoutProps {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}

// Only the four languages exist; any other first segment is sent to /ro/404 by proxy.ts, or is a 404 (pageLocale).
export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: THEME_COLOUR };

export async function generateMetadata({ params }: Omit<LocaleLayoutProps, 'children'>): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    ...pageMetadata({
      locale,
      path: '',
      title: t('title'),
      description: t('description'),
      keywords: t('keywords'),
    }),
    applicationName: t('siteName'),
  };
}

export default async function LocaleLayout({ children, params }: LocaleLayoutProps) {
  const locale = await pageLocale(params);
  setRequestLocale(locale);
  // Client components get their texts as props (lib/i18n/client-texts.ts): no message catalogue or ICU parser is shipped.
  const [nav, navigationLabels, cookieLabels, language, loading, errors] = await Promise.all([
    getTranslations('Navigation'),
    clientTexts('Navigation'),
    clientTexts('CookieBanner'),
    getTranslations('LanguageSwitcher'),
    getTranslations('Loading'),
    clientTexts('ErrorPage'),
  ]);

  return (
    <html lang={locale}>
      <head>
        {/* Runs once, from the HTML: not carried again in the page's payload for the client router. */}
        <HtmlOnlyScript text={HEAD_SCRIPT} />
        {/*
          No first paint before the page's frame (the cookie notice and the header) is parsed: a paint while the bytes
          of the document pause inside it showed a notice in part, or a header whose buttons moved as the rest arrived
          (Chromium's render-blocking `expect` link; other browsers ignore it, and globals.css keeps the notice whole).
          Chromium lets the paint go once its element is in the document, before the element's own content: so the
          element right after the frame, `<main>`, not the header, which was painted without its menu button
          (tests/e2e/layout-shift.spec.ts; docs/decisions/0029-*.md).
        */}
        <link rel="expect" href="#main" blocking="render" />
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="text-brand sr-only z-[80] rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {nav('skipToContent')}
        </a>
        {/*
          Fixed to the bottom of the screen, but first in the document: on a slow phone the browser paints before it
          has parsed the whole page, and a notice parsed in part grows upwards once the rest arrives (a layout shift
          of 0.02-0.05). First, it is whole early; the `expect` link above and globals.css keep it from being
          painted before then.
        */}
        <CookieBanner labels={cookieLabels} />
        <LoadingIndicators label={loading('label')} />
        <SiteHeader
          labels={navigationLabels}
          languageLabel={language('label', { language: LOCALE_INFO[locale].name })}
        />
        <main id="main" className="flex-1">
          <ErrorTextsProvider texts={errors}>{children}</ErrorTextsProvider>
        </main>
        {/* The same navigation texts as the header's: the payload carries them once for both. */}
        <SiteFooter navigation={navigationLabels} />
        <PageViewAnalytics />
      </body>
    </html>
  );
}
