import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { JsonLd } from '@/components/seo/json-ld';
import { COMPANY, mapUrl, officeHours, phoneHref } from '@/lib/company';
import { getConfig } from '@/lib/config/env';
import type { Locale } from '@/lib/i18n/routing';
import { organizationJsonLd } from '@/lib/seo/json-ld';
import { pageMetadata } from '@/lib/seo/metadata';
import { SvgImage } from '@/components/ui/svg-image';
import { pageLocale } from '@/lib/i18n/page-locale';

interface Props {
  params: Promise<{ locale: Locale }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: 'ContactPage.meta' });
  return pageMetadata({
    locale,
    path: '/contact',
    title: t('title'),
    description: t('description'),
    keywords: t('keywords'),
  });
}

export default async function ContactPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('ContactPage');
  const hours = t('hours', { hours: officeHours });

  const companyDetails = [
    ['companyName', COMPANY.name],
    ['headquarters', COMPANY.headquarters],
    ['tradeRegister', COMPANY.tradeRegister],
    ['taxId', COMPANY.taxId],
    ['shareCapital', COMPANY.shareCapital],
    ['registration', COMPANY.euid],
  ] as const;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <JsonLd data={organizationJsonLd(getConfig().siteUrl)} />
      <h1 className="text-3xl font-bold text-slate-900">{t('heading')}</h1>
      <p className="mt-2 max-w-2xl text-lg text-slate-700">{t('intro')}</p>

      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="call-centre" className="rounded-xl bg-white p-6 shadow-sm">
          <h2 id="call-centre" className="text-xl font-semibold text-slate-900">
            {t('callCentre')}
          </h2>
          <dl className="mt-4 space-y-3">
            <div>
              <dt className="font-medium text-slate-600">{t('openHours')}</dt>
              <dd className="text-slate-900">{hours}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">{t('phone')}</dt>
              <dd>
                <a href={phoneHref} className="text-brand text-lg font-semibold underline">
                  {COMPANY.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">{t('email')}</dt>
              <dd>
                <a href={`mailto:${COMPANY.email}`} className="text-brand text-lg font-semibold underline">
                  {COMPANY.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">{t('address')}</dt>
              <dd className="text-slate-900">{COMPANY.headquarters}</dd>
            </div>
          </dl>
        </section>

        <section aria-label={t('mapAlt')} className="overflow-hidden rounded-xl bg-white shadow-sm">
          <a href={mapUrl} target="_blank" rel="noopener noreferrer" className="block">
            <SvgImage
              src="/images/map-deva.svg"
              alt={t('mapAlt')}
              width={640}
              height={400}
              className="h-auto w-full"
              priority
            />
          </a>
          <p className="p-4">
            <a
              href={mapUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand font-medium underline"
            >
              {t('mapLink')}
            </a>
          </p>
        </section>
      </div>

      <section aria-labelledby="company-details" className="mt-8 rounded-xl bg-white p-6 shadow-sm">
        <h2 id="company-details" className="text-xl font-semibold text-slate-900">
          {t('companyHeading')}
        </h2>
        <dl className="mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-2">
          {companyDetails.map(([label, value]) => (
            <div key={label}>
              <dt className="font-medium text-slate-600">{t(label)}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
