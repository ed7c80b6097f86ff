import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { categoryBySlug, PRODUCT_SLUGS, VIGNETTE_CATEGORIES } from '@/lib/vignettes/categories';
import type { CategoryNames } from '@/lib/i18n/labels';
import { VignettePurchase } from '@/components/vignette/vignette-purchase';
import { PendingCheckout } from '@/components/order/pending-checkout';
import { clientTexts } from '@/lib/i18n/client-texts';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

interface Props {
  params: Promise<{ locale: Locale; product: string }>;
}

// Only the four categories on sale have a page; B2 is explained on the section page.
export const dynamicParams = false;

export function generateStaticParams() {
  return PRODUCT_SLUGS.map((product) => ({ product }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, product } = await params;
  const category = categoryBySlug(product);
  if (!category) return {};
  const t = await getTranslations({ locale, namespace: 'VignettePage' });
  const values = {
    title: category.title,
    name: t(`categories.${category.code}.name`),
    who: t(`categories.${category.code}.who`),
  };
  return pageMetadata({
    locale,
    path: `/vignette/${category.slug}`,
    title: t('product.metaTitle', values),
    description: t('product.metaDescription', values),
    keywords: t('meta.keywords'),
  });
}

/**
 * One category's purchase page (route `{lang}/vignette/{product}`, docs/screens.md, Routes). The page is static: the
 * server renders the texts and hands the form its messages as plain objects; prices, the start-day bounds and the cart
 * live in the browser.
 */
export default async function VignetteProductPage({ params }: Props) {
  const { locale, product } = await params;
  const category = categoryBySlug(product);
  if (!category) notFound();
  setRequestLocale(locale);
  const [t, labels, validation, emailSuggestion, billing, validityTexts, payAgain] = await Promise.all([
    getTranslations('VignettePage'),
    clientTexts('VignetteForm'),
    clientTexts('Validation'),
    clientTexts('EmailSuggestion'),
    clientTexts('Billing'),
    clientTexts('VignetteValidity'),
    clientTexts('PayAgain'),
  ]);
  const categoryNames: CategoryNames = Object.fromEntries(
    VIGNETTE_CATEGORIES.map((entry) => [entry.code, t(`categories.${entry.code}.name`)]),
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <p>
        <Link
          href="/vignette"
          className="text-brand inline-flex min-h-11 items-center gap-1 font-medium hover:underline"
        >
          <span aria-hidden="true">←</span> {t('product.back')}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">
        {t('product.heading', { title: category.title, name: t(`categories.${category.code}.name`) })}
      </h1>
      <p className="mt-2 max-w-3xl text-lg text-slate-800">{t(`categories.${category.code}.who`)}</p>
      <div className="mt-8">
        <PendingCheckout checkout="vignette" texts={payAgain} />
        <VignettePurchase
          categoryCode={category.code}
          locale={locale}
          labels={labels}
          validation={validation}
          emailSuggestion={emailSuggestion}
          billing={billing}
          validityTexts={validityTexts}
          categoryNames={categoryNames}
        />
      </div>
      <p className="mt-10">
        <Link href="/faq/viniete" className="text-brand font-medium underline">
          {t('product.help')}
        </Link>
      </p>
    </div>
  );
}
