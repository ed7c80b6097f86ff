import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypeScript from 'eslint-config-next/typescript';

const config = [
  ...nextCoreWebVitals,
  ...nextTypeScript,
  {
    // lib/ holds the shop's rules; pages and components use it, never the other way round.
    files: ['lib/**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)(components|app)(/|$)',
              message: 'lib/ must not import components/ or app/: move what both need into lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'data/**',
      'drizzle/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      // The Lighthouse bench's baseline, a separate app with its own paths; and its build copy.
      'bench/bare-next/**',
      '.bench-bare-next/**',
    ],
  },
];

export default config;
