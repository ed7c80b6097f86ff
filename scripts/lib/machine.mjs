// What the tests and benchmarks need from the machine beyond node_modules: Debian packages, a Chromium and a
// PostgreSQL server. Shared by `npm test`, `npm run setup` and `npm run bench`, so that all find the same server
// at the same address.
import fs from 'node:fs';
import { loadTestEnvFiles } from './env.mjs';
import { ensureDependencies, run, runSync, say } from './project.mjs';

export const isRoot = process.getuid?.() === 0;
export const has = (command) => runSync('sh', ['-c', `command -v ${command}`]).status === 0;
let aptUpdated = false;
/**
 * Installs Debian packages when we may (root, apt-get), first saying which and why: it changes the machine.
 * False when we may not or the install failed.
 */
export async function aptInstall(packages, why) {
  if (!isRoot || !has('apt-get')) return false;
  say(`Installing with apt-get: ${packages.join(', ')} (${why}) ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) aptUpdated = (await run('apt-get', ['update', '-qq'], { env })) === 0;
  return (
    (await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env })) === 0
  );
}

/** Debian's Chromium when we can have it, else Playwright's own build (which needs its download site). */
export async function ensureChromium() {
  if (process.env.CHROMIUM_PATH && fs.existsSync(process.env.CHROMIUM_PATH)) return;
  if (!fs.existsSync('/usr/bin/chromium')) {
    await aptInstall(['chromium'], 'the end-to-end tests and Lighthouse run in a real Chromium');
  }
  if (fs.existsSync('/usr/bin/chromium')) {
    process.env.CHROMIUM_PATH = '/usr/bin/chromium';
    return;
  }
  say("Debian Chromium is not available; installing Playwright's own Chromium ...");
  await run('npx', ['playwright', 'install', 'chromium']);
}

const clusters = () =>
  has('pg_lsclusters')
    ? runSync('pg_lsclusters', ['--no-header'])
        .stdout.split('\n')
        .filter(Boolean)
        .map((line) => {
          const [version, name, port, status] = line.trim().split(/\s+/);
          return { version, name, port, status };
        })
    : [];

/**
 * A real PostgreSQL for the tests that need one: TEST_DATABASE_URL if given, else Debian's server on loopback
 * (installed and started here when running as root). The URL names a role that may create databases: each test
 * file makes its own database and drops it afterwards.
 */
export async function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return;
  if (clusters().length === 0) {
    await aptInstall(['postgresql'], 'the database tests also run on a real PostgreSQL, not only on PGlite');
  }
  const cluster = clusters()[0];
  if (!cluster || !isRoot) {
    say('No PostgreSQL server available (set TEST_DATABASE_URL, or run as root): its tests will be skipped.');
    return;
  }
  if (cluster.status !== 'online') await run('pg_ctlcluster', [cluster.version, cluster.name, 'start']);
  const psql = (sql) =>
    runSync('runuser', [
      '-u',
      'postgres',
      '--',
      'psql',
      '-p',
      cluster.port,
      '-v',
      'ON_ERROR_STOP=1',
      '-tAc',
      sql,
    ]);
  if (psql("SELECT 1 FROM pg_roles WHERE rolname = 'shop_test'").stdout.trim() !== '1') {
    const created = psql("CREATE ROLE shop_test LOGIN CREATEDB PASSWORD 'shop_test'");
    if (created.status !== 0) {
      say(`Could not create the test role: ${created.stderr}`);
      return;
    }
  }
  process.env.TEST_DATABASE_URL = `postgres://shop_test:shop_test@127.0.0.1:${cluster.port}/postgres`;
}

/**
 * nginx for the deployment tests, which run the documented site (docs/deploy/nginx-site.conf) in front of real
 * servers: Debian's nginx-light, installed here when running as root; without it those tests are reported skipped.
 */
export async function ensureNginx() {
  if (['/usr/sbin/nginx', '/usr/bin/nginx'].some((candidate) => fs.existsSync(candidate))) return;
  await aptInstall(
    ['nginx-light'],
    'the deployment tests run the documented nginx site in front of the shop',
  );
}

/** wrk, the load generator of the page-cache benchmark (`npm run bench`); false when it cannot be had. */
export async function ensureWrk() {
  if (has('wrk')) return true;
  await aptInstall(['wrk'], 'the page-cache benchmark loads the shop and nginx with it');
  return has('wrk');
}

/**
 * Everything the tests need, in order: the dependencies, then the files of the test mode (where CHROMIUM_PATH or
 * TEST_DATABASE_URL may be set), Chromium and PostgreSQL. Throws when the dependencies cannot be installed.
 */
export async function setUpForTests() {
  await ensureDependencies();
  loadTestEnvFiles();
  await ensureChromium();
  await ensurePostgres();
  await ensureNginx();
}
