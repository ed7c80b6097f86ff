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

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  return {
    ...resolved,
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES})/)`, '^.+\\.module\\.(css|sass|scss)$'],
  };
}
