import type { Metadata } from 'next';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { companyPlaceholders, fillPlaceholders } from '@/lib/company';
import { getConfig } from '@/lib/config/env';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

interface Table {
  caption: string;
  head: string[];
  rows: string[][];
}

interface Block {
  title: string;
  paragraphs?: string[];
  items?: string[];
  table?: Table;
  subsections?: Record<string, Block>;
}

export type LegalNamespace = 'PrivacyPage' | 'TermsPage' | 'CookiePolicyPage';

/**
 * A long legal text from messages/*.json (heading, intro, sections with paragraphs, lists, tables and
 * subsections), rendered at once on the server with the company's details filled in.
 */
export async function LegalDocument({ namespace }: { namespace: LegalNamespace }) {
  const [t, ui, messages] = await Promise.all([
    getTranslations(namespace),
    getTranslations('LegalDocument'),
    getMessages(),
  ]);
  const values = companyPlaceholders(getConfig().siteUrl);
  const fill = (text: string) => fillPlaceholders(text, values);
  // Read whole, lists and all: the type of the messages sees a list as one text (global.d.ts).
  const sections = Object.entries(messages[namespace].sections as unknown as Record<string, Block>);

  const renderBlock = (id: string, block: Block, level: 2 | 3) => {
    const Heading = level === 2 ? 'h2' : 'h3';
    return (
      <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
        <Heading
          id={`${id}-title`}
          className={
            level === 2
              ? 'mt-10 text-2xl font-semibold text-slate-900'
              : 'mt-6 text-lg font-semibold text-slate-900'
          }
        >
          {fill(block.title)}
        </Heading>
        {block.paragraphs?.map((paragraph, index) => (
          <p key={index} className="mt-3 leading-relaxed text-slate-800">
            {fill(paragraph)}
          </p>
        ))}
        {block.items && (
          <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
            {block.items.map((item, index) => (
              <li key={index}>{fill(item)}</li>
            ))}
          </ul>
        )}
        {block.table && (
          <div
            className="mt-4 overflow-x-auto rounded-lg border border-slate-200"
            tabIndex={0}
            role="region"
            aria-labelledby={`${id}-caption`}
          >
            <table className="min-w-full text-left text-sm">
              <caption
                id={`${id}-caption`}
                className="bg-slate-100 px-3 py-2 text-left font-semibold text-slate-900"
              >
                {fill(block.table.caption)}
              </caption>
              <thead className="bg-slate-50">
                <tr>
                  {block.table.head.map((cell, index) => (
                    <th key={index} scope="col" className="px-3 py-2 font-semibold text-slate-900">
                      {fill(cell)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 bg-white">
                {block.table.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {row.map((cell, cellIndex) =>
                      cellIndex === 0 ? (
                        <th
                          key={cellIndex}
                          scope="row"
                          className="px-3 py-2 align-top font-medium text-slate-900"
                        >
                          {fill(cell)}
                        </th>
                      ) : (
                        <td key={cellIndex} className="px-3 py-2 align-top text-slate-800">
                          {fill(cell)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {block.subsections &&
          Object.entries(block.subsections).map(([key, sub]) => renderBlock(`${id}-${key}`, sub, 3))}
      </section>
    );
  };

  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('heading')}</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">{fill(t.raw('intro') as string)}</p>
      <nav aria-labelledby="contents-title" className="mt-8 rounded-xl bg-white p-5 shadow-sm">
        <h2 id="contents-title" className="font-semibold text-slate-900">
          {ui('contents')}
        </h2>
        <ol className="text-brand mt-2 list-decimal space-y-1 pl-6">
          {sections.map(([id, block]) => (
            <li key={id}>
              <a href={`#${id}`} className="underline-offset-2 hover:underline">
                {fill(block.title)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map(([id, block]) => renderBlock(id, block, 2))}
    </article>
  );
}

interface LegalPageProps {
  params: Promise<{ locale: Locale }>;
}

/** The page module of one legal document: its metadata and its page, for app/[locale]/<path>/page.tsx. */
export function legalPage(namespace: LegalNamespace, path: string) {
  return {
    async generateMetadata({ params }: LegalPageProps): Promise<Metadata> {
      const { locale } = await params;
      const t = await getTranslations({ locale, namespace });
      return pageMetadata({
        locale,
        path,
        title: t('meta.title'),
        description: t('meta.description'),
        keywords: t('meta.keywords'),
      });
    },
    async Page({ params }: LegalPageProps) {
      const { locale } = await params;
      setRequestLocale(locale);
      return <LegalDocument namespace={namespace} />;
    },
  };
}
