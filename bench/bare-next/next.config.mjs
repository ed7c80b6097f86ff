import path from 'node:path';
import { fileURLToPath } from 'node:url';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Its own root, as a project alone has: the bench builds it inside the shop's checkout, whose files (its
  // instrumentation hook) Turbopack would otherwise take for this app's.
  turbopack: { root: path.dirname(fileURLToPath(import.meta.url)) },
};

export default withNextIntl(nextConfig);
