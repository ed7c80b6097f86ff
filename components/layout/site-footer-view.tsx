'use client';

import type { ReactNode } from 'react';
import { COMPANY, phoneHref } from '@/lib/company';
import type { ClientTexts } from '@/lib/i18n/client-texts';
import { Link } from '@/lib/i18n/navigation';
import { CookieSettingsButton } from './cookie-banner';
import { FOOTER_NAVIGATION } from './navigation-items';
import { SvgImage } from '@/components/ui/svg-image';

/** ANPC's alternative dispute resolution (SAL) page, which Romanian shops must link with its pictogram. */
const ANPC_SAL_URL = 'https://anpc.ro/ce-este-sal/';

/** A titled part of the footer. */
function FooterSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/**
 * The footer's markup, from the texts ./site-footer.tsx made on the server. A client component for its size, not for
 * any state: rendered by a server component, its markup went into every page's HTML and again, as an element tree of
 * 4.3 KB, into the payload for the client router; as a client component the payload carries its texts only (the
 * navigation's are the header's, sent once for both), and its code is in the layout's script, which every page loads
 * anyway (docs/decisions/0029-*.md).
 */
export function SiteFooterView({
  labels,
  navigation,
}: {
  labels: ClientTexts<'Footer'>;
  navigation: Pick<ClientTexts<'Navigation'>, (typeof FOOTER_NAVIGATION)[number]['key']>;
}) {
  const t = (key: keyof ClientTexts<'Footer'>) => labels[key];
  const nav = (key: (typeof FOOTER_NAVIGATION)[number]['key']) => navigation[key];

  return (
    <footer data-chrome className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <nav aria-label={t('linksLabel')}>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">
            {t('linksHeading')}
          </h2>
          <ul className="space-y-2">
            {FOOTER_NAVIGATION.map((item) => (
              <li key={item.key}>
                <Link href={item.href} prefetch={false} className="hover:text-white hover:underline">
                  {nav(item.key)}
                </Link>
              </li>
            ))}
            <li>
              <CookieSettingsButton
                label={t('cookieSettings')}
                className="text-left hover:text-white hover:underline"
              />
            </li>
          </ul>
        </nav>
        <FooterSection id="footer-contact" heading={t('contactHeading')}>
          <dl className="space-y-2">
            <div>
              <dt className="inline font-medium text-white">{t('officeHours')}: </dt>
              <dd className="inline">{t('hours')}</dd>
            </div>
            <div>
              <dt className="inline font-medium text-white">{t('callCentre')}: </dt>
              <dd className="inline">
                <a href={phoneHref} className="hover:text-white hover:underline">
                  {COMPANY.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="inline font-medium text-white">{t('email')}: </dt>
              <dd className="inline">
                <a href={`mailto:${COMPANY.email}`} className="hover:text-white hover:underline">
                  {COMPANY.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="inline font-medium text-white">{t('address')}: </dt>
              <dd className="inline">{COMPANY.headquarters}</dd>
            </div>
          </dl>
        </FooterSection>
        <FooterSection id="footer-consumer" heading={t('consumerHeading')}>
          <a
            href={ANPC_SAL_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-block rounded bg-white p-1"
          >
            <SvgImage src="/images/anpc-sal.svg" width={250} height={50} alt={t('anpcSal')} />
          </a>
          <p className="mt-3 text-sm text-slate-300">{t('anpcText')}</p>
        </FooterSection>
      </div>
      <div className="border-t border-slate-700">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm text-slate-300">{t('copyright')}</p>
      </div>
    </footer>
  );
}
