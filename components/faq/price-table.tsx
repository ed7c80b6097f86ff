import { getFormatter, getTranslations } from 'next-intl/server';
import { hufToWholeRon, type ExchangeRate, type PriceTableRow } from '@/lib/catalog/price-table';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { VIGNETTE_TYPES, type VignetteType } from '@/lib/vignettes/periods';
import { PriceTableView } from './price-table-view';

/** Each period's column heading, a key of `FaqUi.priceTable`. */
const HEADINGS: Record<VignetteType, 'day' | 'week' | 'month' | 'year' | 'countyYear'> = {
  DAY: 'day',
  WEEK: 'week',
  MONTH: 'month',
  YEAR: 'year',
  COUNTY_YEAR: 'countyYear',
};

const COLUMNS = VIGNETTE_TYPES.map((type) => ({ type, label: HEADINGS[type] }));

/**
 * The FAQ's live price table: a row per category, a column per period, each cell in HUF and in whole RON. Its texts
 * and figures are made here; components/faq/price-table-view.tsx lays them out.
 */
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

  return (
    <PriceTableView
      caption={caption}
      scrollHint={t('scrollHint')}
      headings={[t('category'), ...COLUMNS.map((column) => t(column.label))]}
      rows={rows.map((row) => ({
        code: row.code,
        title: row.title,
        notSold: row.sellable ? undefined : t('notSold'),
        cells: COLUMNS.map(({ type }) => {
          const huf = row.pricesHuf[type];
          if (huf === undefined) return { type, missing: t('missing') };
          return {
            type,
            huf: number(huf),
            ron: rate ? number(hufToWholeRon(huf, rate.ron2huf)) : undefined,
          };
        }),
      }))}
      footnote={
        rate
          ? t('footnote', {
              rate: format.number(rate.ron2huf, { minimumFractionDigits: 2, maximumFractionDigits: 4 }),
              date: format.dateTime(new Date(`${rate.date}T12:00:00Z`), {
                dateStyle: 'long',
                timeZone: VIGNETTE_TIME_ZONE,
              }),
            })
          : t('noRate')
      }
    />
  );
}
