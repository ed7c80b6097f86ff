/**
 * The anti-forgery pair a client outside a browser sends with a non-GET API call: the `XSRF-TOKEN` cookie and the
 * same value in `X-XSRF-TOKEN` (double submit; a browser page gets the cookie from the shop and echoes it).
 */
import { XSRF_COOKIE, XSRF_HEADER } from '@/lib/security/xsrf';

const TOKEN = 'e2e-xsrf-token';
export const XSRF_HEADERS = { cookie: `${XSRF_COOKIE}=${TOKEN}`, [XSRF_HEADER]: TOKEN };
