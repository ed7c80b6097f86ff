import { getTranslations } from 'next-intl/server';
import { hufToBani, type Catalog } from '@/lib/catalog/catalog';
import { pagePriceTable } from '@/lib/catalog/page-data';
import { formatDay, formatHuf, formatRon } from '@/lib/i18n/format';
import { nextYearOffer, yearlyRenewal } from '@/lib/vignettes/yearly-renewal';

/**
 * Before a yearly vignette is bought in November or December: until when it is valid (31 January), and when next
 * year's goes on sale (1 December) and at what price, once staff have set it. Nothing earlier in the year, or for a
 * category without a yearly vignette on sale.
 */
export async function YearlyRenewalNotice({
  categoryCode,
  catalog,
  nextYearTable,
  locale,
  now = new Date(),
}: {
  categoryCode: string;
  catalog: Catalog | null;
  /** Next year's price table, read by the page beside its catalog (one wait on the database, not two in a row). */
  nextYearTable?: Awaited<ReturnType<typeof pagePriceTable>>;
  locale: string;
  now?: Date;
}) {
  const renewal = yearlyRenewal(now);
  const yearly = catalog?.products.filter(
    (entry) => entry.categoryCode === categoryCode && entry.type === 'YEAR',
  );
  if (!renewal || !catalog || !yearly?.length) return null;
  const [t, nextRows] = await Promise.all([
    getTranslations('VignettePage.product.yearlyRenewal'),
    nextYearTable ?? pagePriceTable(renewal.nextYear),
  ]);
  // On sale already (December), next year's product is in the catalog; else its price is read from the table.
  const offer = nextYearOffer(renewal, {
    catalogHuf: yearly.find((entry) => entry.year === renewal.nextYear)?.priceHuf,
    tableHuf: nextRows.find((row) => row.code === categoryCode)?.pricesHuf.YEAR,
  });
  const values = {
    year: String(renewal.year),
    nextYear: String(renewal.nextYear),
    validUntil: formatDay(renewal.validUntil, locale),
    onSale: formatDay(renewal.onSaleFrom, locale),
    price:
      offer.priceHuf === undefined
        ? ''
        : `${formatHuf(offer.priceHuf, locale)} (${formatRon(hufToBani(offer.priceHuf, catalog.RON2HUF), locale)})`,
  };
  return (
    <section
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900"
      aria-labelledby="yearly-renewal-heading"
      data-testid="yearly-renewal"
    >
      <h2 id="yearly-renewal-heading" className="font-semibold">
        {t('heading')}
      </h2>
      <p className="mt-1">{t('validUntil', values)}</p>
      <p className="mt-1">{t(offer.text, values)}</p>
    </section>
  );
}
