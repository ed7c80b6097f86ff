import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { pageLocale } from '@/lib/i18n/page-locale';

/** The props of the pages a reminder's links open: the language, and the link's `?token=`. */
export interface ReminderPageProps {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The link's token, or '' when the address carries none (or several). */
export async function reminderTokenOf({ searchParams }: ReminderPageProps): Promise<string> {
  const given = (await searchParams).token;
  return typeof given === 'string' ? given : '';
}

/** The metadata of a reminder's pages: translated from their namespace, and never indexed (each is one buyer's). */
export async function reminderPageMetadata(
  { params }: ReminderPageProps,
  namespace: 'ReminderAgainPage' | 'ReminderUnsubscribePage',
  path: string,
): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace });
  return pageMetadata({ locale, path, title: t('metaTitle'), description: t('heading'), noindex: true });
}
