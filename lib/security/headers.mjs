/**
 * The security headers of every answer (DESIGN.md §9), in one place: next.config.mjs sends them with every route,
 * and the pages-router error page (pages/_error.tsx) sets them itself on the answers Next gives before any route
 * runs, which skip the config's headers. Plain JavaScript, because next.config.mjs imports it.
 */

const origin = (url) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * One Content-Security-Policy for every page, so that pages stay prerendered: a nonce would make each page
 * dynamic, and script hashes would go stale when the FAQ is regenerated (ISR). So inline scripts are allowed
 * ('unsafe-inline': Next's own hydration payload and our app-mode snippet), and everything else is strict: no
 * plugins, no <base>, no framing, forms only to ourselves and the payment provider, connections only to the API,
 * the analytics endpoint and ourselves. Values come from the environment at build time.
 */
export function contentSecurityPolicy(env = process.env) {
  const paymentHost = env.PAYMENT_PROVIDER === 'netopia' ? origin(env.NETOPIA_API_URL) : undefined;
  const connect = [origin(env.NEXT_PUBLIC_PAYMENTS_API_URL), origin(env.NEXT_PUBLIC_ANALYTICS_URL)];
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ['connect-src', "'self'", ...connect].filter(Boolean).join(' '),
    ['form-action', "'self'", paymentHost].filter(Boolean).join(' '),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** The headers as next.config's `headers()` takes them. */
export const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy() },
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self)' },
];
