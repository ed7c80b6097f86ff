'use client';

import { NextIntlClientProvider, useMessages, useTranslations, type Messages } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { isApiRequestError } from '@/lib/client/api';
import { useAdminLocale } from '@/lib/admin-client/locale';
import type { Locale } from '@/lib/i18n/routing';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';

/*
 * The back-office's texts come from next-intl's client provider, with useTranslations in its components: unlike the
 * shop's pages (lib/i18n/client-texts.ts), the back-office is client-only and outside the page budget, so it may
 * ship the ICU message parser, and it gets plural forms with it.
 */

/**
 * The back-office's texts: its own namespace, the shared validation messages (API issue codes), and the texts of the
 * shop's form parts staff use too (the billing fields, the e-mail typo suggestion).
 */
export type AdminMessages = Pick<Messages, 'Admin' | 'Validation' | 'Billing' | 'EmailSuggestion'>;
/** Every language's texts, handed over by the layout: the language is switched in the browser without a reload. */
export type AdminCatalog = Record<Locale, AdminMessages>;

export function AdminI18nProvider({ catalog, children }: { catalog: AdminCatalog; children: ReactNode }) {
  const locale = useAdminLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    // The shop's time zone, the same in the server's render and in the browser: without one, next-intl logs an
    // ENVIRONMENT_FALLBACK error at the server's first render, and a date in a message could differ between the two.
    <NextIntlClientProvider locale={locale} messages={catalog[locale]} timeZone={SHOP_TIME_ZONE}>
      {children}
    </NextIntlClientProvider>
  );
}

/** Whether a code the server sends (a state, a role, an issue) has a message in the group, else it is shown as is. */
export const isKeyOf = <Group extends object>(
  group: Group,
  key: string,
): key is Extract<keyof Group, string> => Object.hasOwn(group, key);

/** What a failed call means to the person using the screen. */
export function useFailureText(): (error: unknown) => string {
  const t = useTranslations('Admin.errors');
  return (error) => {
    if (!isApiRequestError(error)) return t('generic');
    if (error.status === 0) return t('network');
    if (error.status === 403) return t('forbidden');
    if (error.status === 404) return t('notFound');
    if (error.status === 429) return t('tooMany');
    if (error.status >= 500) return t('server');
    return t('generic');
  };
}

/** The text of an API issue code or a schema's message key: its `Validation` message, else the generic one. */
export function useIssueText(): (code: string | undefined) => string {
  const t = useTranslations('Validation');
  const { Validation } = useMessages();
  return (code) => (code && isKeyOf(Validation, code) ? t(code) : t('invalid'));
}
