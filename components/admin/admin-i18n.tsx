'use client';

import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { isApiRequestError } from '@/lib/client/api';
import { setAdminLocale, useAdminLocale } from '@/lib/admin-client/locale';
import type { Locale } from '@/lib/i18n/routing';
import type messages from '@/messages/ro.json';

/** The back-office's texts: its own namespace and the shared validation messages (API issue codes). */
export type AdminLabels = (typeof messages)['Admin'];
export interface AdminMessages {
  Admin: AdminLabels;
  Validation: Record<string, string>;
}
/** Every language's texts, handed over by the layout: the language is switched in the browser without a reload. */
export type AdminCatalog = Record<Locale, AdminMessages>;

interface AdminText {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: AdminLabels;
  validation: Record<string, string>;
}

const AdminTextContext = createContext<AdminText | null>(null);

export function AdminI18nProvider({ catalog, children }: { catalog: AdminCatalog; children: ReactNode }) {
  const locale = useAdminLocale();
  const value = useMemo<AdminText>(
    () => ({
      locale,
      setLocale: setAdminLocale,
      t: catalog[locale].Admin,
      validation: catalog[locale].Validation,
    }),
    [catalog, locale],
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <AdminTextContext.Provider value={value}>{children}</AdminTextContext.Provider>;
}

export function useAdminText(): AdminText {
  const value = useContext(AdminTextContext);
  if (!value) throw new Error('useAdminText needs an AdminI18nProvider');
  return value;
}

/** What a failed call means to the person using the screen. */
export function failureText(error: unknown, errors: AdminLabels['errors']): string {
  if (!isApiRequestError(error)) return errors.generic;
  if (error.status === 0) return errors.network;
  if (error.status === 403) return errors.forbidden;
  if (error.status === 404) return errors.notFound;
  if (error.status === 429) return errors.tooMany;
  if (error.status >= 500) return errors.server;
  return errors.generic;
}

/** The text of an API issue code: a `Validation` message, else the generic one. */
export const issueText = (code: string | undefined, validation: Record<string, string>) =>
  (code && validation[code]) || validation.invalid || code || '';
