import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypeScript from 'eslint-config-next/typescript';

const config = [
  ...nextCoreWebVitals,
  ...nextTypeScript,
  {
    ignores: ['.next/**', 'node_modules/**', 'data/**', 'drizzle/**', 'reports/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
];

export default config;
