import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const envModule = pathToFileURL(path.resolve(__dirname, '../../../scripts/lib/env.mjs')).href;

/** Runs `code` in a fresh Node (Next's loader keeps its state per process) and returns what it printed. */
function node(code: string, env: Record<string, string> = {}) {
  const cleanEnv = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('__NEXT')),
  );
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    // Without NODE_ENV, as `npm start` and `npm test` are run (Next's types make it required).
    env: { ...cleanEnv, ...env } as NodeJS.ProcessEnv,
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

describe('the .env files of npm start and npm test', () => {
  let dir: string;
  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
  const seen = (lines: string) => JSON.parse(lines.trim().split('\n').at(-1)!);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'env-files-'));
    write('.env', 'FROM_ENV=env\nPROBE=env\n');
    write('.env.local', 'PROBE=local\n');
    write('.env.test', 'PROBE=test\n');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const print =
    'const { PROBE: probe, FROM_ENV: fromEnv, NODE_ENV: nodeEnv = null } = process.env; ' +
    'console.log(JSON.stringify({ probe, fromEnv, nodeEnv }));';
  const printEnv = 'console.log(JSON.stringify(process.env));';
  const loadIn = (loader: string) => `${loader}(${JSON.stringify(dir)});`;

  it('npm start reads .env.local over .env, as next start does, and a variable already set wins', () => {
    const load = `import { loadEnvFiles } from '${envModule}'; ${loadIn('loadEnvFiles')} ${print}`;

    expect(seen(node(load))).toEqual({ probe: 'local', fromEnv: 'env', nodeEnv: null });
    expect(seen(node(load, { PROBE: 'set' }))).toEqual({ probe: 'set', fromEnv: 'env', nodeEnv: null });
  });

  it('npm test reads .env.test and .env but never .env.local, and leaves NODE_ENV as it was', () => {
    const load = `import { loadTestEnvFiles } from '${envModule}'; ${loadIn('loadTestEnvFiles')} ${print}`;

    expect(seen(node(load))).toEqual({ probe: 'test', fromEnv: 'env', nodeEnv: null });
  });

  it('keeps the Next processes npm test starts from reading .env.local, with no test file to read either', () => {
    fs.rmSync(path.join(dir, '.env'));
    fs.rmSync(path.join(dir, '.env.test'));
    const load = `import { loadTestEnvFiles } from '${envModule}'; ${loadIn('loadTestEnvFiles')} ${printEnv}`;
    const testEnv = seen(node(load));
    // What `next build` and `next start` do first, in a process given npm test's environment.
    const nextDir = path.dirname(require.resolve('next/package.json'));
    const nextEnv = JSON.stringify(require.resolve('@next/env', { paths: [nextDir] }));
    const asNextDoes =
      `import { createRequire } from 'node:module'; ` +
      `createRequire(import.meta.url)(${nextEnv}).loadEnvConfig(${JSON.stringify(dir)}, false); ${print}`;

    expect(seen(node(asNextDoes, { ...testEnv, NODE_ENV: 'production' }))).toEqual({ nodeEnv: 'production' });
  });
});
