import { execFileSync } from 'node:child_process';
import createNextIntlPlugin from 'next-intl/plugin';
import { messagesVersion } from './lib/i18n/texts-version.mjs';
import { contentSecurityPolicy, headersButPolicy, STATIC_POLICY_SOURCE } from './lib/security/headers.mjs';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/**
 * Every server of one release agrees on the build id: the commit it was built from (docs/deploy.md), or RELEASE_ID
 * when a pipeline builds from an archive without git. Without either, Next makes a random one.
 */
function releaseBuildId() {
  if (process.env.RELEASE_ID) return process.env.RELEASE_ID;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  generateBuildId: async () => releaseBuildId(),
  poweredByHeader: false,
  experimental: {
    // Fewer, larger script chunks for a first visit (docs/decisions/0033-fewer-script-chunks.md): most visitors land on
    // one page from a search on a phone, where every script request costs a round trip before the page can be used;
    // Turbopack's defaults split each page's code into 10-14 files. A chunk a later page shares may be fetched twice.
    turbopackChunking: {
      firstPageLoadPriority: 1,
      requestCost: 2_000_000,
      minChunkSize: 200_000,
      maxChunkCountPerGroup: 3,
    },
  },
  // The version of the texts a page fetches later, in their addresses (lib/i18n/texts-address.ts): in the server's
  // and the browser's code alike.
  env: { TEXTS_VERSION: messagesVersion() },
  // The server compresses every answer itself, brotli where the client accepts it (lib/server/response-compression.ts,
  // docs/decisions/0028-server-compresses-with-brotli.md); Next's own compression only gzips.
  compress: false,
  // Native and WASM modules run as plain Node packages, not bundled (PGlite loads its WASM from disk); prom-client
  // reads Node's process internals (perf_hooks, v8) and is loaded once per process however many bundles import it.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'pg',
    'pino',
    'proper-lockfile',
    'pdfkit',
    'prom-client',
  ],
  // The invoice's fonts are read at run time from beside lib/invoices/invoice-fonts.ts, by a path no import names; an
  // invoice is rendered wherever a payment's delivery or its e-mail runs, so every route's trace carries them.
  outputFileTracingIncludes: { '/*': ['./lib/invoices/fonts/*.ttf'] },
  async headers() {
    return [
      { source: '/:path*', headers: headersButPolicy },
      // Every address but the back-office's and the buyer's order and payment pages, whose pages get a policy with a
      // per-request nonce from proxy.ts.
      {
        source: STATIC_POLICY_SOURCE,
        headers: [{ key: 'Content-Security-Policy', value: contentSecurityPolicy() }],
      },
    ];
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
