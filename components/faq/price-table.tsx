import { getFormatter, getTranslations } from 'next-intl/server';
import { hufToWholeRon, type ExchangeRate, type PriceTableRow } from '@/lib/catalog/price-table';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { VIGNETTE_TYPES, type VignetteType } from '@/lib/vignettes/periods';

/** Each period's column heading, a key of `FaqUi.priceTable`. */
const HEADINGS: Record<VignetteType, 'day' | 'week' | 'month' | 'year' | 'countyYear'> = {
  DAY: 'day',
  WEEK: 'week',
  MONTH: 'month',
  YEAR: 'year',
  COUNTY_YEAR: 'countyYear',
};

const COLUMNS = VIGNETTE_TYPES.map((type) => ({ type, label: HEADINGS[type] }));

/** The FAQ's live price table: a row per category, a column per period, each cell in HUF and in whole RON. */
export async function PriceTable({
  year,
  rows,
  rate,
}: {
  year: number;
  rows: PriceTableRow[];
  rate: ExchangeRate | null;
}) {
  const [t, format] = await Promise.all([getTranslations('FaqUi.priceTable'), getFormatter()]);
  const number = (value: number) => format.number(value, { maximumFractionDigits: 0 });
  const caption = t('caption', { year });

  // The table is shown twice on the page (under its question on phones, in the right pane on wide screens), so it
  // carries no id: the scrolling region is named by the caption's text itself.
  return (
    <div className="mt-4">
      {/* On a phone only the first columns fit: say that the rest is a swipe away. */}
      <p className="mb-1 text-sm text-slate-600 sm:hidden" data-testid="price-table-scroll-hint">
        {t('scrollHint')}
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
                {t('category')}
              </th>
              {COLUMNS.map((column) => (
                <th key={column.type} scope="col" className="px-3 py-2 text-right font-semibold">
                  {t(column.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 bg-white">
            {rows.map((row) => (
              <tr key={row.code} data-category={row.code}>
                <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap">
                  {row.title}
                  {!row.sellable && (
                    <span className="block text-xs font-normal text-slate-600">{t('notSold')}</span>
                  )}
                </th>
                {COLUMNS.map(({ type }) => {
                  const huf = row.pricesHuf[type];
                  return (
                    <td
                      key={type}
                      className="px-3 py-2 text-right whitespace-nowrap tabular-nums"
                      data-type={type}
                    >
                      {huf === undefined ? (
                        t('missing')
                      ) : (
                        <>
                          <span className="block font-medium text-slate-900">{number(huf)} HUF</span>
                          {rate && (
                            <span className="block text-slate-600">
                              {number(hufToWholeRon(huf, rate.ron2huf))} RON
                            </span>
                          )}
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-sm text-slate-600" data-testid="price-table-footnote">
        {rate
          ? t('footnote', {
              rate: format.number(rate.ron2huf, { minimumFractionDigits: 2, maximumFractionDigits: 4 }),
              date: format.dateTime(new Date(`${rate.date}T12:00:00Z`), {
                dateStyle: 'long',
                timeZone: VIGNETTE_TIME_ZONE,
              }),
            })
          : t('noRate')}
      </p>
    </div>
  );
}
