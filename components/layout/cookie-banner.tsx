'use client';

import { useEffect, useState } from 'react';
import { isAppMode, readCookie, writeCookie } from '@/lib/client/cookies';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  COOKIE_FLAG,
  COOKIE_FLAG_VALUE,
  type ConsentChoice,
} from '@/lib/consent';
import type { ClientTexts } from '@/lib/i18n/client-texts';
import { Link } from '@/lib/i18n/navigation';

const OPEN_EVENT = 'cookie-settings:open';
export const CONSENT_EVENT = 'cookie-consent:change';

export const readConsent = (): ConsentChoice | undefined => {
  const value = readCookie(CONSENT_COOKIE);
  return value === 'accepted' || value === 'rejected' ? value : undefined;
};

/**
 * The cookie notice: shown until the visitor accepts or rejects non-essential cookies, never in the mobile app.
 * It is part of every static page, fixed to the bottom of the screen (it shifts no content); the head script hides
 * it before the first paint for a visitor who answered within 60 days (HEAD_SCRIPT in lib/consent.ts).
 */
export type CookieBannerLabels = ClientTexts<'CookieBanner'>;

export function CookieBanner({ labels }: { labels: CookieBannerLabels }) {
  const t = (key: keyof CookieBannerLabels) => labels[key];
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    // The static HTML cannot know the visitor's cookies; the browser can, once hydrated.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one read of browser state after mount
    setVisible(!readCookie(COOKIE_FLAG) && !isAppMode());
    const reopen = () => {
      document.documentElement.removeAttribute('data-cookie-answered');
      setVisible(true);
    };
    window.addEventListener(OPEN_EVENT, reopen);
    return () => window.removeEventListener(OPEN_EVENT, reopen);
  }, []);

  const choose = (choice: ConsentChoice) => {
    writeCookie(COOKIE_FLAG, COOKIE_FLAG_VALUE, CONSENT_MAX_AGE_DAYS);
    writeCookie(CONSENT_COOKIE, choice, CONSENT_MAX_AGE_DAYS);
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: choice }));
    setVisible(false);
  };

  if (!visible) return null;
  return (
    <section
      id="cookie-banner"
      role="region"
      aria-label={t('label')}
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.12)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:justify-between">
        <p className="text-sm text-slate-800">
          {t('text')}{' '}
          <Link href="/cookie-policy" className="text-brand font-medium underline">
            {t('policyLink')}
          </Link>
        </p>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            onClick={() => choose('rejected')}
            className="min-h-11 rounded border border-slate-400 px-4 font-medium text-slate-800 hover:bg-slate-100"
          >
            {t('reject')}
          </button>
          <button
            type="button"
            onClick={() => choose('accepted')}
            className="bg-brand hover:bg-brand-dark min-h-11 rounded px-4 font-semibold text-white"
          >
            {t('accept')}
          </button>
        </div>
      </div>
    </section>
  );
}

/** The footer's link that opens the notice again, to change or withdraw the choice. */
export function CookieSettingsButton({ label, className }: { label: string; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => window.dispatchEvent(new Event(OPEN_EVENT))}>
      {label}
    </button>
  );
}
