import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

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
function contentSecurityPolicy() {
  const paymentHost = process.env.PAYMENT_PROVIDER === 'netopia' ? origin(process.env.NETOPIA_API_URL) : undefined;
  const connect = [origin(process.env.NEXT_PUBLIC_PAYMENTS_API_URL), origin(process.env.NEXT_PUBLIC_ANALYTICS_URL)];
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

export const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy() },
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self)' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and WASM modules run as plain Node packages, not bundled (PGlite loads its WASM from disk).
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pino', 'proper-lockfile', 'pdfkit'],
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
  async rewrites() {
    return {
      // Runs only after every real page failed to match: any unknown address under a language shows that
      // language's not-found page, with status 404, from one prerendered page (no route list to keep).
      fallback: [{ source: '/:locale(ro|en|de|hu)/:path*', destination: '/:locale/404' }],
    };
  },
};

export default withNextIntl(nextConfig);
