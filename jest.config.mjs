import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/unit', '<rootDir>/tests/integration'],
  setupFilesAfterEnv: ['<rootDir>/tests/support/jest-setup.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // Outside React's server build the package throws on import; in tests every module is "server".
    '^server-only$': '<rootDir>/tests/support/empty-module.ts',
  },
  // Generous: a hook that opens and seeds a PGlite store waits for the CPU when the machine is busy.
  testTimeout: 60_000,
  // Jest runs in its own process on a machine with two cores (one worker or fewer), and the ESM test modules it loads
  // are never freed: a whole run grew past Node's 4.5 GB heap on a fresh machine, and Jest died without a report.
  // A memory limit makes Jest use a worker even then, and start a fresh one after any test file that left it above
  // the limit; a test that kills its process also ends only that worker, reported as that file's failure.
  workerIdleMemoryLimit: '1GB',
};

// next/jest sets transformIgnorePatterns itself; these packages ship ESM only and must be transformed.
const ESM_PACKAGES =
  'ky|jose|next-intl|use-intl|icu-minify|intl-messageformat|@formatjs|@schummar/icu-type-parser';

/** The pattern next/jest gives its SWC transformer. */
const NEXT_TRANSFORM = '^.+\\.(js|jsx|ts|tsx|mjs)$';

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  // Next's transformer with its own options, writing ESM where Jest loads ESM (tests/support/jest-transformer.mjs).
  const [, nextOptions] = resolved.transform[NEXT_TRANSFORM];
  const transform = {
    ...resolved.transform,
    [NEXT_TRANSFORM]: ['<rootDir>/tests/support/jest-transformer.mjs', nextOptions],
  };
  return {
    ...resolved,
    transform,
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES})/)`, '^.+\\.module\\.(css|sass|scss)$'],
  };
}
