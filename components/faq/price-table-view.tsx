'use client';

/** One cell: the price in HUF and in whole RON, as formatted numbers (no RON without a rate), or the text for a price not set. */
export type PriceTableCell = { type: string } & ({ huf: string; ron?: string } | { missing: string });

export interface PriceTableViewProps {
  caption: string;
  scrollHint: string;
  /** The category column's heading, then each period's. */
  headings: string[];
  rows: { code: string; title: string; notSold?: string; cells: PriceTableCell[] }[];
  footnote: string;
}

/**
 * The price table's markup, from the texts and figures components/faq/price-table.tsx made on the server. A client
 * component for its size only: as a server component's output the table, shown twice on the FAQ's first page with
 * next year's beside it in November and December, was 7.5 KB of element tree in the page's payload; its figures are
 * a fifth of that (docs/decisions/0029-*.md).
 */
export function PriceTableView({ caption, scrollHint, headings, rows, footnote }: PriceTableViewProps) {
  const [categoryHeading, ...periodHeadings] = headings;
  // The table is shown twice on the page (under its question on phones, in the right pane on wide screens), so it
  // carries no id: the scrolling region is named by the caption's text itself.
  return (
    <div className="mt-4">
      {/* On a phone only the first columns fit: say that the rest is a swipe away. */}
      <p className="mb-1 text-sm text-slate-600 sm:hidden" data-testid="price-table-scroll-hint">
        {scrollHint}
      </p>
      <div
        className="overflow-x-auto rounded-lg border border-slate-200"
        role="region"
        aria-label={caption}
        tabIndex={0}
      >
        <table className="min-w-full text-sm" data-testid="price-table">
          <caption className="bg-slate-100 px-3 py-2 text-left font-semibold text-slate-900">
            {caption}
          </caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                {categoryHeading}
              </th>
              {periodHeadings.map((heading, index) => (
                <th key={index} scope="col" className="px-3 py-2 text-right font-semibold">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 bg-white">
            {rows.map((row) => (
              <tr key={row.code} data-category={row.code}>
                <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                  {row.title}
                  {row.notSold && (
                    <span className="block text-xs font-normal text-slate-600">{row.notSold}</span>
                  )}
                </th>
                {row.cells.map((cell) => (
                  <td
                    key={cell.type}
                    className="px-3 py-2 text-right whitespace-nowrap tabular-nums"
                    data-type={cell.type}
                  >
                    {'missing' in cell ? (
                      cell.missing
                    ) : (
                      <>
                        <span className="block font-medium text-slate-900">{cell.huf} HUF</span>
                        {cell.ron && <span className="block text-slate-600">{cell.ron} RON</span>}
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm text-slate-600" data-testid="price-table-footnote">
        {footnote}
      </p>
    </div>
  );
}
