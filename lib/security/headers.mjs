/**
 * The security headers of every answer (docs/decisions/0012-content-security-policy.md), in one place: next.config.mjs
 * sends them with every route, and the pages-router error page (pages/_error.tsx) sets them itself on the answers Next
 * gives before any route runs, which skip the config's headers. Plain JavaScript, because next.config.mjs imports it.
 */

const origin = (url) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The Content-Security-Policy. The shop's pages stay prerendered, so they get one policy without a nonce (a nonce
 * would make each page dynamic, and script hashes would go stale when the FAQ is regenerated): inline scripts are
 * allowed ('unsafe-inline': Next's own hydration payload and our app-mode snippet), and everything else is strict:
 * no plugins, no <base>, no framing, forms only to ourselves and the payment provider, connections only to the API,
 * the analytics endpoint and ourselves. The back-office, where a token that can refund and export lives, is
 * rendered per request instead and gets `nonce`: only scripts carrying it (and what they load) run there, and the
 * inline scripts named by `hashes` (`sha256-…`: the shop layout's own head script, which a shared layout cannot give
 * a nonce). Values come from the environment at build time.
 */
export function contentSecurityPolicy(env = process.env, { nonce, hashes = [] } = {}) {
  const paymentHost = env.PAYMENT_PROVIDER === 'netopia' ? origin(env.NETOPIA_API_URL) : undefined;
  const connect = [origin(env.NEXT_PUBLIC_PAYMENTS_API_URL), origin(env.NEXT_PUBLIC_ANALYTICS_URL)];
  return [
    "default-src 'self'",
    nonce
      ? [
          "script-src 'self'",
          `'nonce-${nonce}'`,
          ...hashes.map((hash) => `'${hash}'`),
          "'strict-dynamic'",
        ].join(' ')
      : "script-src 'self' 'unsafe-inline'",
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

/** The back-office's address space: its pages get their policy, with a nonce, from proxy.ts. */
export const isBackOfficePage = (pathname) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * The buyer's pages rendered per request (the order page, the payment outcome pages, my orders and its sign-in page,
 * an expiry reminder's "buy again" and unsubscribe pages):
 * they show orders or carry a key to them, so they get the back-office's nonce policy from proxy.ts too. Only those
 * addresses: any other under them is the prerendered not-found page, whose inline scripts carry no nonce. Any
 * two-letter language: proxy.ts sends the others away first.
 */
const BUYER_NONCE_PAGE =
  /^\/[a-z]{2}\/(?:order\/[^/]+|orders(?:\/sign-in)?|payment\/(?:successful|timeout)|reminders\/(?:again|unsubscribe))\/?$/;

/** Whether an address's pages get the nonce policy from proxy.ts instead of the static one from next.config.mjs. */
export const needsNoncePolicy = (pathname) => isBackOfficePage(pathname) || BUYER_NONCE_PAGE.test(pathname);

/** next.config's `headers()` source for every address but {@link needsNoncePolicy}'s: the same rule as a pattern. */
export const STATIC_POLICY_SOURCE =
  '/:path((?!admin(?:/|$)|[a-z][a-z]/(?:order/[^/]+|orders(?:/sign-in)?|payment/(?:successful|timeout)|reminders/(?:again|unsubscribe))/?$).*)';

/** The headers every answer carries but the policy. */
export const headersButPolicy = [
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self)' },
];

/** The headers as next.config's `headers()` takes them, for the answers with the shop's static policy. */
export const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy() },
  ...headersButPolicy,
];
