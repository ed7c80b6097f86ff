'use client';

import { useEffect, useState } from 'react';
import { beaconPath, beaconReferrer } from '@/lib/client/analytics';
import { useLocale, usePathname } from '@/lib/i18n/navigation';
import { CONSENT_EVENT, readConsent } from './cookie-banner';

const ANALYTICS_URL = process.env.NEXT_PUBLIC_ANALYTICS_URL;

/**
 * Sends a page view on each navigation (docs/screens.md, Shell), only after the visitor accepted non-essential cookies
 * and only when an analytics endpoint is configured. It sets no cookie; the beacon carries the route (never an order
 * id), the language and the referring site only.
 */
export function PageViewAnalytics() {
  const pathname = usePathname();
  const locale = useLocale();
  const [consented, setConsented] = useState(false);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the consent cookie is browser state, read after mount
    setConsented(readConsent() === 'accepted');
    const onChange = (event: Event) => setConsented((event as CustomEvent<string>).detail === 'accepted');
    window.addEventListener(CONSENT_EVENT, onChange);
    return () => window.removeEventListener(CONSENT_EVENT, onChange);
  }, []);

  useEffect(() => {
    if (!ANALYTICS_URL || !consented) return;
    const body = JSON.stringify({
      path: beaconPath(locale, pathname),
      locale,
      referrer: beaconReferrer(document.referrer),
    });
    navigator.sendBeacon(ANALYTICS_URL, new Blob([body], { type: 'application/json' }));
  }, [pathname, locale, consented]);

  return null;
}
