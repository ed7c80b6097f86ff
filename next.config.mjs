import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and WASM modules run as plain Node packages, not bundled (PGlite loads its WASM from disk).
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pino', 'proper-lockfile'],
};

export default withNextIntl(nextConfig);
