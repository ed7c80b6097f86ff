import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getDatabase, openDatabase, type DatabaseOptions } from '@/lib/db/client';
import { DatabaseBehindError, readJournal } from '@/lib/db/migrations';
import { createPostgresDatabase, itForDriver, postgresUrl } from '../../support/databases';
import { resetProcess } from '../../support/process-database';

const run = promisify(execFile);
const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');

/** `npm run db:migrate`, as package.json runs it, with the given database settings. */
const dbMigrate = (env: Record<string, string>) =>
  run(tsx, ['--conditions=react-server', 'scripts/migrate.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
    timeout: 90_000,
  });

const stores: {
  name: string;
  available: boolean;
  make(): Promise<{ env: Record<string, string>; at: DatabaseOptions; cleanup(): Promise<void> }>;
}[] = [
  {
    name: 'PGlite',
    available: true,
    async make() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-test-'));
      return {
        env: { DATA_DIR: dataDir },
        at: { dataDir },
        cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'PostgreSQL',
    available: Boolean(postgresUrl),
    async make() {
      const created = await createPostgresDatabase();
      return { env: { DATABASE_URL: created.url }, at: { databaseUrl: created.url }, cleanup: created.drop };
    },
  },
];

describe.each(stores)('npm run db:migrate and MIGRATE_ON_START=false on $name', ({ available, make }) => {
  const maybe = itForDriver(available);
  afterEach(() =>
    resetProcess({ MIGRATE_ON_START: undefined, DATA_DIR: undefined, DATABASE_URL: undefined }),
  );

  maybe(
    'a server set not to migrate refuses the empty database, and opens it once the release step migrated it',
    async () => {
      const store = await make();
      try {
        await resetProcess({ MIGRATE_ON_START: 'false', DATA_DIR: '', DATABASE_URL: '', ...store.env });
        await expect(getDatabase()).rejects.toBeInstanceOf(DatabaseBehindError);

        const { stdout } = await dbMigrate({ MIGRATE_ON_START: 'false', ...store.env });
        expect(stdout).toContain(`latest migration: ${readJournal().at(-1)!.tag}`);

        const database = await getDatabase();
        expect(database.driver).toBe('DATABASE_URL' in store.env ? 'postgres' : 'pglite');
        // Run again, it finds nothing to do.
        await resetProcess({});
        await dbMigrate(store.env);
        await (await openDatabase({ ...store.at, migrate: false })).close();
      } finally {
        await resetProcess({});
        await store.cleanup();
      }
    },
    180_000,
  );
});

it('npm run db:migrate names a bad setting and exits 1', async () => {
  const failure = await dbMigrate({ DATABASE_URL: 'mysql://nope' }).then(
    () => undefined,
    (error: unknown) => error as { code: number; stderr: string },
  );
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toContain('DATABASE_URL');
}, 60_000);
