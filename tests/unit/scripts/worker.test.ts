import { spawnSync } from 'node:child_process';
import path from 'node:path';

const script = path.resolve(__dirname, '../../../scripts/worker.mjs');

/**
 * `npm run worker` (scripts/worker.mjs) on the embedded database: it stops before it starts anything, naming
 * DATABASE_URL. No .env file is read (Next's mark that they were), and WORKER_PORT is out of range as well, so that
 * the script stops at its configuration check on any machine, whatever its files or its build.
 */
describe('npm run worker', () => {
  it('refuses the embedded database, naming DATABASE_URL', () => {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('__NEXT') && key !== 'DATABASE_URL'),
    );
    const result = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: {
        ...env,
        __NEXT_PROCESSED_ENV: 'true',
        JOBS: 'off',
        WORKER_PORT: '0',
      } as unknown as NodeJS.ProcessEnv,
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The worker cannot start.');
    // JOBS=off in the environment is overridden: the worker is always JOBS=only.
    expect(result.stderr).toMatch(/DATABASE_URL is required when JOBS=only .*serves one process/);
    expect(result.stderr).toMatch(/WORKER_PORT must be a whole number/);
  });
});
