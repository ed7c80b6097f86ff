// The .env files, read by the scripts as Next reads them: with Next's own loader (@next/env), so that `npm start`
// checks, builds and serves with the very values the server will see.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './project.mjs';

/**
 * Next's mark that the .env files have been read into the environment: `next` sets it for the processes it starts,
 * and a Next process that finds it set reads no file (tests/unit/scripts/env.test.ts checks that it still does).
 */
const FILES_READ = '__NEXT_PROCESSED_ENV';

/** @next/env ships with next and is found through it: the loader of the installed Next, whatever npm hoists. */
function nextEnv() {
  const nextPackage = createRequire(path.join(root, 'package.json')).resolve('next/package.json');
  return createRequire(nextPackage)('@next/env');
}

/**
 * For `npm start` and `npm run build`: the files `next start` and `next build` read (.env.production.local,
 * .env.local, .env.production, .env; a variable already set in the environment wins). Call it once the
 * dependencies are installed and before any configuration is read.
 */
export function loadEnvFiles(dir = root) {
  nextEnv().loadEnvConfig(dir, false);
}

/**
 * For `npm test`: the files Next reads in test mode (.env.test.local, .env.test, .env), as Jest already does
 * through next/jest, and never .env.local or .env.production*. Tests must give the same verdict on every machine,
 * and a developer's .env.local names their own database, mail server or payment provider: the end-to-end servers
 * would otherwise write to them. The build and the servers that `npm test` starts are Next processes that would
 * read .env.local by themselves; the mark tells them the files have been read.
 */
export function loadTestEnvFiles(dir = root) {
  const nodeEnv = process.env.NODE_ENV;
  // Next chooses its test mode by NODE_ENV alone; the steps themselves must not run with NODE_ENV=test.
  process.env.NODE_ENV = 'test';
  try {
    nextEnv().loadEnvConfig(dir, false);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  process.env[FILES_READ] = 'true';
}
