import { getMessages, getTranslations } from 'next-intl/server';
import { fill, formatDay } from '@/lib/i18n/format';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import type { CheckedVignette } from '@/lib/orders/vignettes-by-plate';
import { countyName } from '@/lib/vignettes/counties';
import { countrySign } from '@/lib/vignettes/countries';
import { OTHER_READING, type PlateWarning } from '@/lib/vignettes/plate';
import { PlateText } from './plate-text';

const STATUS_STYLE: Record<CheckedVignette['status'], string> = {
  ACTIVE: 'bg-green-100 text-green-900',
  UPCOMING: 'bg-sky-100 text-sky-900',
  ENDED: 'bg-slate-200 text-slate-800',
  REFUNDED: 'bg-amber-100 text-amber-950',
};

interface Props {
  locale: Locale;
  plate: string;
  country: string;
  vignettes: CheckedVignette[];
  /** The plate's O, 0, I and 1 that could be read the other way: each with a search for the other reading. */
  warnings: PlateWarning[];
}

/**
 * What the check found for a plate: each vignette bought in this shop with its category, period, county, days and
 * status today; nothing of who bought it. With none, where else to look.
 */
export async function PlateCheckResults({ locale, plate, country, vignettes, warnings }: Props) {
  const [t, messages] = await Promise.all([
    getTranslations({ locale, namespace: 'VignetteCheckPage' }),
    getMessages({ locale }),
  ]);
  const periodNames = messages.OrderEmail.types as Record<string, string>;
  const confirm = messages.VignetteForm.confirm;
  const day = (value: string) => formatDay(value, locale, 'long');
  const sign = countrySign(country) ?? country;
  const otherReading = (warning: PlateWarning) =>
    plate.slice(0, warning.index) + OTHER_READING[warning.char] + plate.slice(warning.index + 1);

  return (
    <section aria-labelledby="check-results" className="mt-10" data-testid="plate-check-results">
      <h2 id="check-results" className="text-2xl font-bold text-slate-900">
        {t.rich('resultsHeading', {
          plate,
          // The plate as checked, each zero slashed (the tag's text is the same plate).
          vehicle: () => (
            <span className="font-sans tracking-wider">
              <PlateText plate={plate} />
            </span>
          ),
          country: sign,
        })}
      </h2>
      {warnings.length > 0 && (
        <ul className="mt-4 space-y-2" data-testid="plate-check-warnings">
          {warnings.map((warning) => {
            const other = otherReading(warning);
            const digit = warning.char === '0' || warning.char === '1';
            return (
              <li
                key={warning.index}
                className="rounded border-l-4 border-amber-500 bg-amber-50 p-3 text-sm text-amber-950"
              >
                {fill(digit ? confirm.warningDigit : confirm.warningLetter, {
                  position: warning.index + 1,
                  char: warning.char,
                  other: OTHER_READING[warning.char],
                })}{' '}
                <Link
                  href={`/vignette/check?${new URLSearchParams({ plate: other, country })}`}
                  prefetch={false}
                  className="font-semibold underline underline-offset-2"
                >
                  {t('otherReading', { plate: other })}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {vignettes.length === 0 ? (
        <div className="mt-4 rounded-lg bg-white p-4 shadow-sm" role="status" data-testid="plate-check-none">
          <p className="text-slate-900">{t('noneFound', { plate, country: sign })}</p>
          <p className="mt-1 text-slate-700">{t('noneHint')}</p>
          <p className="mt-3">
            <Link
              href="/vignette"
              prefetch={false}
              className="text-brand font-semibold underline underline-offset-2"
            >
              {t('buyLink')}
            </Link>
          </p>
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {vignettes.map((vignette, index) => (
            <li
              key={index}
              className="rounded-lg bg-white p-4 shadow-sm"
              data-testid="plate-check-vignette"
              data-status={vignette.status}
            >
              <p>
                <span
                  className={`rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS_STYLE[vignette.status]}`}
                >
                  {vignette.status === 'UPCOMING'
                    ? t('status.UPCOMING', { day: day(vignette.firstDay) })
                    : vignette.status === 'ENDED'
                      ? t('status.ENDED', { day: day(vignette.lastDay) })
                      : t(`status.${vignette.status}`)}
                </span>
              </p>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-slate-600">{t('columns.category')}</dt>
                <dd className="font-semibold text-slate-900">{vignette.categoryTitle}</dd>
                <dt className="text-slate-600">{t('columns.type')}</dt>
                <dd className="text-slate-900">{periodNames[vignette.type] ?? vignette.type}</dd>
                {vignette.county && (
                  <>
                    <dt className="text-slate-600">{t('columns.county')}</dt>
                    <dd className="text-slate-900">{countyName(vignette.county)}</dd>
                  </>
                )}
                <dt className="text-slate-600">{t('columns.validity')}</dt>
                <dd className="text-slate-900">
                  {t('days', { first: day(vignette.firstDay), last: day(vignette.lastDay) })}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
