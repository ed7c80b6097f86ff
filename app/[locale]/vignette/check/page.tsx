import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { headers } from 'next/headers';
import { TooManyRequestsPage, UnavailablePage } from '@/components/errors/unavailable-page';
import { JsonLd } from '@/components/seo/json-ld';
import { PlateCheckForm, type PlateCheckRefusal } from '@/components/vignette/plate-check-form';
import { PlateCheckResults } from '@/components/vignette/plate-check-results';
import { getDb } from '@/lib/db/client';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { clientTexts, clientTextsPick, PLATE_VALIDATION_KEYS } from '@/lib/i18n/client-texts';
import type { Locale } from '@/lib/i18n/routing';
import { pageFailure } from '@/lib/log/page-failure';
import { vignettesByPlate, type CheckedVignette } from '@/lib/orders/vignettes-by-plate';
import { takePageToken } from '@/lib/api/page-rate-limit';
import { RATE_LIMITS } from '@/lib/api/rate-limit';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata, pageUrl } from '@/lib/seo/metadata';
import { plateCheckSchema } from '@/lib/validations/plate-check';
import { OFFICIAL_CHECK_URL } from '@/lib/vignettes/check-status';
import { checkPlate } from '@/lib/vignettes/plate';
import { pageLocale } from '@/lib/i18n/page-locale';

type SearchParams = Record<string, string | string[] | undefined>;

interface Props {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<SearchParams>;
}

// The answer depends on the query and on today: rendered per request, never cached (Next sends a dynamic page as
// `no-store`).
export const dynamic = 'force-dynamic';

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** The query of the page's address: none until the form was sent. */
const queryOf = (search: SearchParams) => ({ plate: single(search.plate), country: single(search.country) });

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [locale, search] = await Promise.all([pageLocale(params), searchParams]);
  const t = await getTranslations({ locale, namespace: 'VignetteCheckPage.meta' });
  return pageMetadata({
    locale,
    path: '/vignette/check',
    title: t('title'),
    description: t('description'),
    keywords: t('keywords'),
    // The form is for search engines; an answer about one plate is not.
    noindex: queryOf(search).plate !== undefined,
  });
}

/**
 * The validity check by plate (route `{lang}/vignette/check`): a GET form, answered by the server, so that it works
 * without JavaScript; the vignettes this shop delivered for the plate, with their status today in Hungary's calendar,
 * and the official check for those bought elsewhere. Limited per address like its API (`GET /api/vignettes/check`).
 */
export default async function VignetteCheckPage({ params, searchParams }: Props) {
  const [{ locale }, search] = await Promise.all([params, searchParams]);
  setRequestLocale(locale);
  const query = queryOf(search);
  const parsed =
    query.plate === undefined
      ? undefined
      : plateCheckSchema.safeParse({ plate: query.plate, country: query.country ?? 'RO' });
  let vignettes: CheckedVignette[] | undefined;
  let retryAfterSeconds: number | undefined;
  if (parsed?.success) {
    try {
      const db = await getDb();
      const verdict = await takePageToken(db, RATE_LIMITS.plateCheck, new Headers(await headers()));
      if (verdict.allowed) vignettes = await vignettesByPlate(db, parsed.data, new Date());
      else retryAfterSeconds = verdict.retryAfterSeconds;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw await pageFailure('vignette-check', error);
    }
    // A visitor over the limit gets the shop's 429 page, a database away its 503 page (never a half answer).
    if (retryAfterSeconds !== undefined) return <TooManyRequestsPage retryAfterSeconds={retryAfterSeconds} />;
    if (!vignettes) return <UnavailablePage />;
  }
  const [t, nav, form, validation] = await Promise.all([
    getTranslations('VignetteCheckPage'),
    getTranslations('Navigation'),
    clientTexts('VignetteForm'),
    // A plate's and a country's texts only: the whole namespace was 2 KB of the page's document, compressed.
    clientTextsPick('Validation', PLATE_VALIDATION_KEYS),
  ]);
  // The refusal of the plate or the country, in the order form's words, under the field it is about.
  const issue = parsed?.success === false ? parsed.error.issues[0] : undefined;
  const refusal: PlateCheckRefusal | undefined = issue && {
    field: issue.path[0] === 'country' ? 'country' : 'plate',
    key: issue.message,
    params: (issue.code === 'custom' ? issue.params : undefined) ?? {},
  };
  const shown = parsed?.success ? parsed.data : undefined;
  const officialHost = new URL(OFFICIAL_CHECK_URL).host;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('heading')}</h1>
      <p className="mt-3 text-lg text-slate-800">{t('intro')}</p>
      <div
        className="mt-4 rounded-lg border-l-4 border-sky-600 bg-sky-50 p-4 text-slate-900"
        data-testid="only-this-shop"
      >
        <p>{t('onlyThisShop')}</p>
        <p className="mt-2">
          {t('officialText')}{' '}
          <a
            href={OFFICIAL_CHECK_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand font-semibold underline underline-offset-2"
            data-testid="official-check"
          >
            {t('officialLink', { host: officialHost })}
          </a>
        </p>
      </div>
      <PlateCheckForm
        // A new query starts the form afresh: what it shows is the query's, not what was typed before.
        key={`${query.plate ?? ''}|${query.country ?? ''}`}
        locale={locale}
        plate={shown?.plate ?? query.plate ?? ''}
        country={shown?.country ?? (query.country?.toUpperCase() || 'RO')}
        refusal={refusal}
        labels={{
          formLabel: t('formLabel'),
          plate: form.plate,
          country: form.country,
          submit: t('submit'),
        }}
        validation={validation}
      />
      {shown && vignettes && (
        <PlateCheckResults
          locale={locale}
          plate={shown.plate}
          country={shown.country}
          vignettes={vignettes}
          warnings={warningsOf(shown.plate, shown.country)}
        />
      )}
      <JsonLd
        data={breadcrumbJsonLd([
          { name: nav('home'), url: pageUrl(locale, '') },
          { name: nav('vignette'), url: pageUrl(locale, '/vignette') },
          { name: nav('vignetteCheck'), url: pageUrl(locale, '/vignette/check') },
        ])}
      />
    </div>
  );
}

/** The plate's O, 0, I and 1 that could be the other character (none for a refused plate). */
function warningsOf(plate: string, country: string) {
  const check = checkPlate(plate, country);
  return check.ok ? check.warnings : [];
}
