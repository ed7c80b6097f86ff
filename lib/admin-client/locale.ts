import { useSyncExternalStore } from 'react';
import { locales, routing, type Locale } from '@/lib/i18n/routing';

/** The back-office's language, chosen in its header and kept in the browser (not in the address: /admin has none). */
export const ADMIN_LOCALE_KEY = 'adminLocale';

const DEFAULT_LOCALE: Locale = routing.defaultLocale;

const isLocale = (value: unknown): value is Locale => (locales as readonly unknown[]).includes(value);

let current: Locale | undefined;
const listeners = new Set<() => void>();

function stored(): Locale {
  try {
    const value = localStorage.getItem(ADMIN_LOCALE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function getAdminLocale(): Locale {
  if (current === undefined) {
    if (typeof window === 'undefined') return DEFAULT_LOCALE;
    current = stored();
  }
  return current;
}

export function setAdminLocale(locale: Locale) {
  try {
    localStorage.setItem(ADMIN_LOCALE_KEY, locale);
  } catch {
    // Storage disabled: the choice lasts as long as the page.
  }
  current = locale;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useAdminLocale = (): Locale =>
  useSyncExternalStore(subscribe, getAdminLocale, () => DEFAULT_LOCALE);
