import type { BrowserContext } from '@playwright/test';

/** Answers the cookie notice in advance, as a returning visitor, for tests about other things. */
export async function answerCookieNotice(context: BrowserContext, baseURL: string | undefined) {
  const url = baseURL ?? 'http://localhost:3100';
  await context.addCookies([
    { name: 'hasCookieRunBefore', value: '60', url },
    { name: 'cookieConsent', value: 'rejected', url },
  ]);
}
