'use client';

import NextLink from 'next/link';
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { createElement, type ComponentProps } from 'react';
import { locales, routing, type Locale } from './routing';

/*
 * Locale-aware navigation for the shop's pages: links and hooks take paths without the language prefix ('/faq')
 * and add the current one. It replaces next-intl's createNavigation on the client, whose locale comes from
 * NextIntlClientProvider: that provider ships the ICU message parser to every page (14 KB gzipped), and client
 * components here get their texts as props instead. Use these, never next/link, inside app/[locale].
 */

const isLocale = (value: string | undefined): value is Locale =>
  (locales as readonly string[]).includes(value ?? '');

/** `/faq` in `de` → `/de/faq`; `/` → `/de`. */
export const localizeHref = (href: string, locale: Locale) => `/${locale}${href === '/' ? '' : href}`;

/** The language of the page, from the first segment of its address. */
export function useLocale(): Locale {
  const segment = useNextPathname()?.split('/')[1];
  return isLocale(segment) ? segment : routing.defaultLocale;
}

/** The page's path without its language prefix: '/' for home, '/faq/viniete' for a FAQ page. */
export function usePathname(): string {
  const pathname = useNextPathname() ?? '/';
  const [, segment, ...rest] = pathname.split('/');
  return isLocale(segment) ? `/${rest.join('/')}` : pathname;
}

export function useRouter() {
  const router = useNextRouter();
  const locale = useLocale();
  return {
    push: (href: string, options?: { scroll?: boolean }) => router.push(localizeHref(href, locale), options),
    replace: (href: string, options?: { scroll?: boolean }) =>
      router.replace(localizeHref(href, locale), options),
  };
}

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & { href: string; locale?: Locale };

/** next/link with the language prefix added: the current language, or `locale` to switch. */
export function Link({ href, locale, ...props }: LinkProps) {
  const current = useLocale();
  return createElement(NextLink, { ...props, href: localizeHref(href, locale ?? current) });
}
