import fs from 'node:fs';
import path from 'node:path';

/**
 * Applying the committed migrations (`drizzle/`), and telling whether a database is at the build's latest one.
 * The release order and the expand/contract rule: docs/decisions/0021-expand-contract-migrations.md.
 */

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle');

/** Serialises migrations when several servers, or a server and `npm run db:migrate`, start at once on one PostgreSQL. */
export const MIGRATION_LOCK_KEY = 7_324_611;

/**
 * How long one migration statement waits for a table's lock. A migration queued behind a long transaction would
 * hold its place in the lock queue, and every request touching the table would queue behind the migration: it
 * fails fast instead, with nothing changed, and is run again once that transaction is over.
 */
export const MIGRATION_LOCK_TIMEOUT = '5s';

/**
 * How long a migration run may take, waiting for another server's advisory lock included: minutes, since a
 * migration may build an index.
 */
export const MIGRATION_RUN_MS = 120_000;

/** PostgreSQL's lock_not_available, which lock_timeout raises. */
const LOCK_NOT_AVAILABLE = '55P03';

export class MigrationLockTimeoutError extends Error {
  constructor(
    readonly lockTimeout: string,
    options?: ErrorOptions,
  ) {
    super(
      `A migration waited more than ${lockTimeout} for a lock on a table that another transaction holds, and ` +
        'gave up so that requests do not queue behind it. Nothing was changed. Find the long transaction ' +
        "(pg_stat_activity, state 'idle in transaction' or a long query), let it end, and migrate again " +
        '(npm run db:migrate, or restart the server).',
      options,
    );
    this.name = 'MigrationLockTimeoutError';
  }
}

export class DatabaseBehindError extends Error {
  constructor(
    readonly latest: string,
    readonly applied: number,
  ) {
    super(
      `The database is behind this build: its latest migration ${latest} is not applied ` +
        `(${applied} of this build's migrations are). MIGRATE_ON_START=false, so this server does not migrate: ` +
        'run `npm run db:migrate` (the release step before rolling the servers), or unset MIGRATE_ON_START.',
    );
    this.name = 'DatabaseBehindError';
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The build's migrations, in order, from drizzle's journal. */
export function readJournal(migrationsFolder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** Runs one SQL text; node-postgres and PGlite both answer `{ rows }`. */
export type RunQuery = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * Throws {@link DatabaseBehindError} unless the build's latest migration is applied. Drizzle records each applied
 * migration with its journal time and applies those newer than the last recorded, so that time is the test. A
 * database ahead of the build (a newer release migrated it) is fine: the expand/contract rule keeps it readable.
 */
export async function assertMigrated(run: RunQuery, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const entries = readJournal(migrationsFolder);
  const latest = entries.at(-1);
  if (!latest) return;
  let lastApplied = 0;
  try {
    const { rows } = await run('select max(created_at) as last from drizzle.__drizzle_migrations');
    lastApplied = Number((rows[0] as { last: string | number | null } | undefined)?.last ?? 0);
  } catch (error) {
    // A database never migrated has no drizzle schema (3F000) or table (42P01).
    if (!['3F000', '42P01'].includes(String((error as { code?: unknown }).code))) throw error;
  }
  if (lastApplied < latest.when)
    throw new DatabaseBehindError(latest.tag, entries.filter((entry) => entry.when <= lastApplied).length);
}

/** The PostgreSQL error code of an error or of one of its causes (drizzle wraps the driver's error). */
function postgresCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface PostgresMigrationOptions {
  migrationsFolder?: string;
  lockTimeout?: string;
  /** Bounds each statement, the wait for another server's advisory lock included; default {@link MIGRATION_RUN_MS}. */
  queryTimeoutMs?: number;
  /** Opening the connection; default: node-postgres's (no bound). */
  connectTimeoutMs?: number;
}

/**
 * Applies the migrations to a PostgreSQL database on a session of its own: under the advisory lock (one migrator
 * at a time across servers), with {@link MIGRATION_LOCK_TIMEOUT} on every statement's table locks. A lock not
 * obtained in time throws {@link MigrationLockTimeoutError}; drizzle's one transaction is rolled back.
 */
export async function migratePostgres(
  databaseUrl: string,
  options: PostgresMigrationOptions = {},
): Promise<void> {
  const {
    migrationsFolder = MIGRATIONS_FOLDER,
    lockTimeout = MIGRATION_LOCK_TIMEOUT,
    queryTimeoutMs = MIGRATION_RUN_MS,
    connectTimeoutMs,
  } = options;
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A client of its own, with the long bound: the pool's 1.5 s would end the wait for another server's lock.
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: queryTimeoutMs,
    keepAlive: true,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // Set once the advisory lock is held: waiting for another migrator is expected and bounded by queryTimeoutMs.
    await client.query(`SET lock_timeout = '${lockTimeout.replaceAll("'", '')}'`);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } catch (error) {
      if (postgresCode(error) === LOCK_NOT_AVAILABLE)
        throw new MigrationLockTimeoutError(lockTimeout, { cause: error });
      throw error;
    }
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    // Closing the session also releases the advisory lock if the migration failed.
    await client.end().catch(() => {});
  }
}
