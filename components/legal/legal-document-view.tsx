import { splitAddresses } from '@/lib/legal/addresses';
import type { LegalDocumentContent, ResolvedLegalBlock } from '@/lib/legal/document';

export type LegalDocumentViewProps = LegalDocumentContent;

/**
 * The legal text's article: its element's id and classes, the same whether it is rendered here or taken whole. Its
 * sections, paragraphs, lists, links and cells, which a text repeats dozens of times, are styled by the class
 * `legal-document` in app/globals.css rather than each by its own classes.
 */
export const LEGAL_ARTICLE_ID = 'legal-document';
export const LEGAL_ARTICLE_CLASS = 'legal-document mx-auto max-w-4xl px-4 py-10';

/** A sentence of the text, its web addresses made links (a phone's visitor taps them rather than copies them). */
function LegalText({ text }: { text: string }) {
  return splitAddresses(text).map((part, index) =>
    'href' in part ? (
      <a key={index} href={part.href}>
        {part.address}
      </a>
    ) : (
      part.text
    ),
  );
}

function Block({ id, block, level }: { id: string; block: ResolvedLegalBlock; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    // Not a named region each: a text's 15-20 sections are found by their headings and the contents, and as many
    // landmarks would bury the page's own (header, navigation, main, footer) for a screen reader's visitor.
    <section id={id}>
      <Heading>{block.title}</Heading>
      {block.paragraphs.map((paragraph, index) => (
        <p key={index}>
          <LegalText text={paragraph} />
        </p>
      ))}
      {block.items.length > 0 && (
        <ul>
          {block.items.map((item, index) => (
            <li key={index}>
              <LegalText text={item} />
            </li>
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
              {block.table.caption}
            </caption>
            <thead className="bg-slate-50">
              <tr>
                {block.table.head.map((cell, index) => (
                  <th key={index} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white">
              {block.table.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={cellIndex}>
                        <LegalText text={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {block.closing.map((paragraph, index) => (
        <p key={index}>
          <LegalText text={paragraph} />
        </p>
      ))}
      {block.subsections.map(([key, sub]) => (
        <Block key={key} id={`${id}-${key}`} block={sub} level={3} />
      ))}
    </section>
  );
}

/** A legal text as the page shows it, from texts already chosen and filled (components/legal/legal-document.tsx). */
export function LegalDocumentView({
  heading,
  intro,
  lastUpdated,
  updatedOn,
  contentsLabel,
  sections,
}: LegalDocumentViewProps) {
  return (
    <article id={LEGAL_ARTICLE_ID} className={LEGAL_ARTICLE_CLASS}>
      <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-2 text-sm text-slate-600">
        <time dateTime={updatedOn}>{lastUpdated}</time>
      </p>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">{intro}</p>
      <nav aria-labelledby="contents-title" className="mt-8 rounded-xl bg-white p-5 shadow-sm">
        <h2 id="contents-title" className="font-semibold text-slate-900">
          {contentsLabel}
        </h2>
        <ol className="text-brand mt-2 list-decimal space-y-1 pl-6">
          {sections.map(([id, block]) => (
            <li key={id}>
              <a href={`#${id}`}>{block.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map(([id, block]) => (
        <Block key={id} id={id} block={block} level={2} />
      ))}
    </article>
  );
}
