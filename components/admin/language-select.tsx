'use client';

import { useId } from 'react';
import { LOCALE_INFO } from '@/lib/i18n/locales';
import { locales, type Locale } from '@/lib/i18n/routing';
import { useAdminText } from './admin-i18n';

/** The back-office's language, kept in this browser (localStorage `adminLocale`). */
export function LanguageSelect() {
  const { t, locale, setLocale } = useAdminText();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t.shell.language}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => setLocale(event.target.value as Locale)}
        className="bg-brand-dark min-h-11 rounded-md border border-white/60 px-2 text-sm text-white focus-visible:outline-2 focus-visible:outline-white"
      >
        {locales.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_INFO[option].name}
          </option>
        ))}
      </select>
    </div>
  );
}
