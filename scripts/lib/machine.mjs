// What the tests and benchmarks need from the machine beyond node_modules: Debian packages and a PostgreSQL server.
// Shared by `npm test` and `npm run bench`, so that both find the same server at the same address.
import { run, runSync, say } from './project.mjs';

export const isRoot = process.getuid?.() === 0;
export const has = (command) => runSync('sh', ['-c', `command -v ${command}`]).status === 0;
let aptUpdated = false;
/** Installs Debian packages when we may (root, apt-get); false when we may not or the install failed. */
export async function aptInstall(...packages) {
  if (!isRoot || !has('apt-get')) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) aptUpdated = (await run('apt-get', ['update', '-qq'], { env })) === 0;
  return (await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env })) === 0;
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
  if (clusters().length === 0) await aptInstall('postgresql');
  const cluster = clusters()[0];
  if (!cluster || !isRoot) {
    say('No PostgreSQL server available (set TEST_DATABASE_URL, or run as root): its tests will be skipped.');
    return;
  }
  if (cluster.status !== 'online') await run('pg_ctlcluster', [cluster.version, cluster.name, 'start']);
  const psql = (sql) =>
    runSync('runuser', ['-u', 'postgres', '--', 'psql', '-p', cluster.port, '-v', 'ON_ERROR_STOP=1', '-tAc', sql]);
  if (psql("SELECT 1 FROM pg_roles WHERE rolname = 'shop_test'").stdout.trim() !== '1') {
    const created = psql("CREATE ROLE shop_test LOGIN CREATEDB PASSWORD 'shop_test'");
    if (created.status !== 0) {
      say(`Could not create the test role: ${created.stderr}`);
      return;
    }
  }
  process.env.TEST_DATABASE_URL = `postgres://shop_test:shop_test@127.0.0.1:${cluster.port}/postgres`;
}

