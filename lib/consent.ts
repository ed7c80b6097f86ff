/** The cookie notice's cookies (docs/screens.md, Cookie notice): the flag the spec names, and the visitor's choice. */
export const COOKIE_FLAG = 'hasCookieRunBefore';
export const COOKIE_FLAG_VALUE = '60';
export const CONSENT_COOKIE = 'cookieConsent';
/** Both live as long as the flag's value says: 60 days, then the notice asks again. */
export const CONSENT_MAX_AGE_DAYS = 60;

export type ConsentChoice = 'accepted' | 'rejected';

/** Mobile-app mode: the app opens the site with ?app=1 or a user agent carrying this token. */
export const APP_MODE_QUERY = 'app';
export const APP_MODE_UA_TOKEN = 'RoadPartnersApp';
export const APP_MODE_COOKIE = 'appMode';

export const isAppUserAgent = (userAgent: string | null | undefined) =>
  Boolean(userAgent?.includes(APP_MODE_UA_TOKEN));

/**
 * Runs in <head> before the page paints, so static pages need no server decision:
 * - marks <html data-app-mode> in the mobile app (query flag, user agent, or the visit's cookie) and remembers it
 *   for the visit, so the header, footer and cookie notice stay hidden from the first frame;
 * - marks <html data-cookie-answered> when the notice was answered, so it is never painted again.
 */
export const HEAD_SCRIPT = `(function(){try{var d=document,h=d.documentElement,c='; '+d.cookie+'; ',q=new URLSearchParams(location.search).get(${JSON.stringify(APP_MODE_QUERY)});if(q==='1'||navigator.userAgent.indexOf(${JSON.stringify(APP_MODE_UA_TOKEN)})>=0||c.indexOf(${JSON.stringify(`; ${APP_MODE_COOKIE}=1; `)})>=0){h.setAttribute('data-app-mode','1');d.cookie=${JSON.stringify(`${APP_MODE_COOKIE}=1; path=/; SameSite=Lax`)};}if(c.indexOf(${JSON.stringify(`; ${COOKIE_FLAG}=`)})>=0){h.setAttribute('data-cookie-answered','1');}}catch(e){}})();`;
