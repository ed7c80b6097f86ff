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
