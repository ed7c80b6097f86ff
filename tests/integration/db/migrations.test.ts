import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseOptions } from '@/lib/db/client';
import {
  DatabaseBehindError,
  MIGRATION_LOCK_TIMEOUT,
  MIGRATIONS_FOLDER,
  MigrationLockTimeoutError,
  migratePostgres,
  readJournal,
} from '@/lib/db/migrations';
import { createPostgresDatabase, describeForDriver, itForDriver, postgresUrl } from '../../support/databases';

const describeOnPostgres = describeForDriver(Boolean(postgresUrl));

/** The build's migrations plus one more that adds a column to `orders`: the next release's folder. */
function nextReleaseFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'road-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1_000, tag: '9999_next_release' });
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  fs.writeFileSync(
    path.join(folder, '9999_next_release.sql'),
    'ALTER TABLE "orders" ADD COLUMN "next_release_note" text;',
  );
  return folder;
}

const stores: {
  name: string;
  available: boolean;
  make(): Promise<{ at: DatabaseOptions; cleanup(): Promise<void> }>;
}[] = [
  {
    name: 'PGlite',
    available: true,
    async make() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-test-'));
      return { at: { dataDir }, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    available: Boolean(postgresUrl),
    async make() {
      const created = await createPostgresDatabase();
      return { at: { databaseUrl: created.url }, cleanup: created.drop };
    },
  },
];

describe.each(stores)('MIGRATE_ON_START=false on $name', ({ available, make }) => {
  const maybe = itForDriver(available);
  let folder: string;
  beforeAll(() => {
    folder = nextReleaseFolder();
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  maybe(
    'refuses a database behind the build, naming the variable and the command, and opens it once migrated',
    async () => {
      const store = await make();
      try {
        const error = await openDatabase({ ...store.at, migrate: false }).then(
          () => undefined,
          (failure: unknown) => failure,
        );
        expect(error).toBeInstanceOf(DatabaseBehindError);
        expect((error as Error).message).toContain('MIGRATE_ON_START');
        expect((error as Error).message).toContain('npm run db:migrate');
        expect((error as Error).message).toContain(readJournal().at(-1)!.tag);

        // What `npm run db:migrate` does: open with the migrations applied, and close.
        await (await openDatabase({ ...store.at, migrate: true })).close();
        const current = await openDatabase({ ...store.at, migrate: false });
        await current.close();

        // The next release's build finds the database one migration behind, until the pipeline migrates it.
        await expect(openDatabase({ ...store.at, migrate: false, migrationsFolder: folder })).rejects.toThrow(
          new RegExp(`9999_next_release is not applied \\(${readJournal().length} of`),
        );
        await (await openDatabase({ ...store.at, migrationsFolder: folder })).close();
        const next = await openDatabase({ ...store.at, migrate: false, migrationsFolder: folder });
        await next.close();
        // The release still running (the old build) starts on the expanded database too.
        await (await openDatabase({ ...store.at, migrate: false })).close();
      } finally {
        await store.cleanup();
      }
    },
    120_000,
  );
});

describeOnPostgres('lock_timeout in the migration session on PostgreSQL', () => {
  it('fails fast, changing nothing, when a long transaction holds the table, and migrates once it ends', async () => {
    const created = await createPostgresDatabase();
    const folder = nextReleaseFolder();
    const holder = new pg.Client({ connectionString: created.url });
    try {
      await migratePostgres(created.url);
      await holder.connect();
      // Any open transaction that read `orders` holds a lock that ALTER TABLE must wait for.
      await holder.query('BEGIN');
      await holder.query('SELECT count(*) FROM orders');

      const started = Date.now();
      const error = await migratePostgres(created.url, { migrationsFolder: folder }).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      const waited = Date.now() - started;
      expect(error).toBeInstanceOf(MigrationLockTimeoutError);
      expect((error as Error).message).toContain(`more than ${MIGRATION_LOCK_TIMEOUT}`);
      expect((error as Error).message).toContain('npm run db:migrate');
      expect(waited).toBeGreaterThanOrEqual(4_500);
      expect(waited).toBeLessThan(10_000);

      const columns = async () =>
        (
          await holder.query(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'next_release_note'",
          )
        ).rowCount;
      await holder.query('ROLLBACK');
      expect(await columns()).toBe(0);

      await migratePostgres(created.url, { migrationsFolder: folder });
      expect(await columns()).toBe(1);
    } finally {
      await holder.end().catch(() => {});
      fs.rmSync(folder, { recursive: true, force: true });
      await created.drop();
    }
  }, 60_000);
});
