import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FaqAccordion } from '@/components/faq/faq-accordion';
import { PriceTable } from '@/components/faq/price-table';
import { hasPrices } from '@/lib/vignettes/yearly-renewal';
import { JsonLd } from '@/components/seo/json-ld';
import { PlateCheckLink } from '@/components/vignette/plate-check-link';
import { pageLatestRate, pagePriceTable } from '@/lib/catalog/page-data';
import { currentBudapestYear } from '@/lib/catalog/price-table';
import {
  ALL_FAQ_ANCHORS,
  FAQ_CATEGORIES,
  FAQ_CATEGORY_KEYS,
  faqAnchor,
  faqQuestionPath,
  PRICE_TABLE_QUESTION,
  resolveFaqAnchor,
  type FaqSelection,
} from '@/lib/faq/structure';
import { LOCALE_INFO } from '@/lib/i18n/locales';
import type { Locale } from '@/lib/i18n/routing';
import { faqPageJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata, pageUrl } from '@/lib/seo/metadata';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale; anchor?: string[] }>;
}

// The price table comes from the database: regenerated when staff change a price or the rate, or the BNR feed brings
// a new rate (lib/catalog/page-revalidation.ts), and at least hourly (CATALOG_PAGE_SECONDS; Next wants a literal here).
export const revalidate = 3600;
// Unknown anchors are redirected to the first category by proxy.ts; only these pages exist.
export const dynamicParams = false;

export function generateStaticParams() {
  return [{ anchor: [] }, ...ALL_FAQ_ANCHORS.map((anchor) => ({ anchor: [anchor] }))];
}

const selectionOf = (anchor?: string[]) => resolveFaqAnchor(anchor?.[0]);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const { anchor } = await params;
  const t = await getTranslations({ locale, namespace: 'FaqPage' });
  const path = anchor?.[0] ? `/faq/${anchor[0]}` : '/faq';
  if (!anchor?.[0]) {
    return pageMetadata({
      locale,
      path,
      title: t('meta.title'),
      description: t('meta.description'),
      keywords: t('meta.keywords'),
    });
  }
  // Each question has its own address and metadata: its title, and its answer as the description.
  const selection = selectionOf(anchor);
  const questionPath = faqQuestionPath(selection);
  const answer = (t.raw(`${questionPath}.answer`) as string[])[0] ?? '';
  return pageMetadata({
    locale,
    path,
    title: `${t(`${questionPath}.title`)} | ${t(`categories.${selection.category}`)}`,
    description: answer.length > 160 ? `${answer.slice(0, 157).trimEnd()}...` : answer,
    keywords: t('meta.keywords'),
  });
}

export default async function FaqPage({ params }: Props) {
  const { locale, anchor } = await params;
  setRequestLocale(locale);
  const { category, question } = selectionOf(anchor);
  const year = currentBudapestYear();
  const [t, ui, rows, nextRows, rate] = await Promise.all([
    getTranslations('FaqPage'),
    getTranslations('FaqUi'),
    pagePriceTable(year),
    pagePriceTable(year + 1),
    pageLatestRate(),
  ]);

  const paragraphs = (selection: FaqSelection) => t.raw(`${faqQuestionPath(selection)}.answer`) as string[];
  const title = (selection: FaqSelection) => t(`${faqQuestionPath(selection)}.title`);
  const categories = FAQ_CATEGORY_KEYS.map((key) => ({
    key,
    title: t(`categories.${key}`),
    questions: FAQ_CATEGORIES[key].map((q) => ({
      anchor: faqAnchor({ category: key, question: q }),
      title: title({ category: key, question: q }),
    })),
  }));
  const selectedAnchor = faqAnchor({ category, question });
  const showsPrices =
    category === PRICE_TABLE_QUESTION.category && question === PRICE_TABLE_QUESTION.question;

  const answer = (
    <div data-testid="faq-answer">
      {paragraphs({ category, question }).map((paragraph, index) => (
        <p key={index} className="mt-3 leading-relaxed text-slate-800 first:mt-0">
          {paragraph}
        </p>
      ))}
      {showsPrices && <PriceTable year={year} rows={rows} rate={rate} />}
      {/* Next year's prices, as soon as staff have set them (its yearly vignettes go on sale on 1 December). */}
      {showsPrices && hasPrices(nextRows) && <PriceTable year={year + 1} rows={nextRows} rate={rate} />}
    </div>
  );

  // The questions are marked up once, on the FAQ's own address: search engines want one instance of repeated FAQ content.
  const jsonLd = anchor?.[0]
    ? undefined
    : faqPageJsonLd(
        FAQ_CATEGORY_KEYS.flatMap((key) =>
          FAQ_CATEGORIES[key].map((q) => ({
            question: title({ category: key, question: q }),
            answer: paragraphs({ category: key, question: q }).join('\n\n'),
            url: pageUrl(locale, `/faq/${faqAnchor({ category: key, question: q })}`),
          })),
        ),
        LOCALE_INFO[locale].ogLocale.replace('_', '-'),
      );

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('heading')}</h1>
      <p className="mt-2 text-lg text-slate-700">{t('intro')}</p>
      <PlateCheckLink>{t('checkLink')}</PlateCheckLink>
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <FaqAccordion
          label={ui('categoriesLabel')}
          categories={categories}
          selectedCategory={category}
          selectedAnchor={selectedAnchor}
          inlineAnswer={answer}
        />
        <section
          aria-labelledby="faq-answer-title"
          className="hidden self-start rounded-xl bg-white p-6 shadow-sm lg:sticky lg:top-24 lg:block"
        >
          <h2 id="faq-answer-title" className="text-xl font-semibold text-slate-900">
            {title({ category, question })}
          </h2>
          <div className="mt-4">{answer}</div>
        </section>
      </div>
      {/* After the content: 15 KB of markup for crawlers must not delay the first paint of the answer on slow networks. */}
      {jsonLd && <JsonLd data={jsonLd} />}
    </div>
  );
}
