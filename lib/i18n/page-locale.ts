import { hasLocale } from 'next-intl';
import { notFound } from 'next/navigation';
import { routing, type Locale } from './routing';

/**
 * The language of a page under app/[locale], or the shop's 404 for any other first segment, before anything is read
 * in it. The layout and every page's `generateMetadata` start with it: Next calls each segment's `generateMetadata`
 * at once, beside the layout rather than under it, so the layout's own check does not cover a page's metadata; and
 * proxy.ts, which sends any other first segment to /ro/404, does not see an address with a dot in it (it leaves
 * files alone), such as `/x.json/payment/successful`. The pages themselves render under the layout, which checks.
 */
export async function pageLocale(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  return locale;
}
