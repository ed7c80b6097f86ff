'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { setAdminLocale } from '@/lib/admin-client/locale';
import { LOCALE_INFO } from '@/lib/i18n/locales';
import { locales, type Locale } from '@/lib/i18n/routing';

/** The back-office's language, kept in this browser (localStorage `adminLocale`). */
export function LanguageSelect() {
  const t = useTranslations('Admin.shell');
  const locale = useLocale();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t('language')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => setAdminLocale(event.target.value as Locale)}
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
