'use client';

import { useEffect, useState } from 'react';
import {
  ERROR_BUTTON_CLASS,
  ERROR_LINK_CLASS,
  ErrorView,
  type ErrorTexts,
} from '@/components/errors/error-view';
import { useLocale } from '@/lib/i18n/navigation';
import { languageFileUrl } from '@/lib/i18n/texts-address';
import './globals.css';

/**
 * The last resort, when a root layout itself failed: it replaces the whole document, so it has no layout, no
 * server-translated texts and no header. It reads the error page's texts from the language's dictionary
 * (/assets/i18n/{lang}.{version}.json, built from messages/), which keeps all four languages out of every page's bundle.
 */
export default function GlobalError() {
  const locale = useLocale();
  const [texts, setTexts] = useState<ErrorTexts | null>(null);
  useEffect(() => {
    fetch(languageFileUrl('i18n', locale))
      .then((response) => response.json() as Promise<{ ErrorPage: ErrorTexts & { title: string } }>)
      .then(({ ErrorPage }) => {
        document.title = ErrorPage.title;
        setTexts(ErrorPage);
      })
      .catch(() => {});
  }, [locale]);
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {texts && (
          <ErrorView
            texts={texts}
            // A full reload: the root layout failed, so nothing of the current tree can be reused.
            retry={
              <button type="button" className={ERROR_BUTTON_CLASS} onClick={() => window.location.reload()}>
                {texts.retry}
              </button>
            }
            home={
              <a href={`/${locale}`} className={ERROR_LINK_CLASS}>
                {texts.backHome}
              </a>
            }
          />
        )}
      </body>
    </html>
  );
}
