import 'server-only';

import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { checkDataDir } from './data-dir';
import { lockDataDir } from './lock';
import { assertMigrated, MIGRATION_RUN_MS, migratePostgres, MIGRATIONS_FOLDER } from './migrations';
import { seedReferenceData, type ReferenceData } from './seed';
import { getConfig } from '@/lib/config/env';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Transactions and the database share the query API the domain modules use. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute' | '$with' | 'with'>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * Subscribes to a `NOTIFY` channel on PGlite's one connection (one process: what it hears was said in this
   * process). On PostgreSQL a listener needs a connection of its own, outside the pool: see {@link newPostgresClient}.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL only: a new connection outside the pool, with the pool's bounds, for a `LISTEN` that outlives requests. */
  newPostgresClient?(): Promise<import('pg').Client>;
  /** PostgreSQL only: the pool's connections now, for the metrics (lib/metrics-endpoint/scrape.ts). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: opens the pool's connections before the server takes traffic, so the first burst of requests
   * after a (re)start does not open them all at once, each within connectMs, on a busy machine. Failures are left
   * to the requests (a database that is away answers 503 as ever).
   */
  warmUp?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real PostgreSQL, PGlite in a folder, or a throwaway in-memory PGlite seeded with the reference data it is given.
 * `migrate: false` (MIGRATE_ON_START=false) checks that the database is at the build's latest migration instead
 * of migrating it, and throws DatabaseBehindError when it is not; `migrationsFolder` is for tests.
 */
export type DatabaseOptions = (
  { databaseUrl: string } | { dataDir: string } | { memory: true; referenceData: ReferenceData }
) & {
  migrate?: boolean;
  migrationsFolder?: string;
};

/**
 * Opens the database and applies the committed migrations: node-postgres when a URL is given, else PGlite in
 * the data folder, after taking the folder's lock (a second process fails with DataDirLockedError).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrations = {
    migrate: options.migrate ?? true,
    migrationsFolder: options.migrationsFolder ?? MIGRATIONS_FOLDER,
  };
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, migrations);
  if ('memory' in options) {
    const database = await openPglite(undefined, { ...migrations, migrate: true });
    await seedReferenceData(database.db, options.referenceData);
    return database;
  }
  return openPglite(options.dataDir, migrations);
}

interface MigrationChoice {
  migrate: boolean;
  migrationsFolder: string;
}

async function openPglite(dataDir: string | undefined, migrations: MigrationChoice): Promise<Database> {
  if (dataDir) checkDataDir(dataDir);
  const release = dataDir ? await lockDataDir(dataDir) : async () => {};
  try {
    const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined);
    const db = drizzle({ client, schema });
    try {
      if (migrations.migrate) await migrate(db, { migrationsFolder: migrations.migrationsFolder });
      else await assertMigrated((text) => client.query(text), migrations.migrationsFolder);
    } catch (error) {
      await client.close();
      throw error;
    }
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      listen: async (channel, onPayload) => client.listen(channel, onPayload),
      async close() {
        await client.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * How long the shop waits for PostgreSQL (nothing waits longer than 2 s for a database that is away). Each wait
 * — a connection, one statement's answer — is bounded apart, so a request that meets a stopped or frozen server fails
 * after one such wait and answers 503 instead of hanging. Waiting for a free slot of the pool is bounded apart and
 * longer: every connection is then busy with live work (a burst of buyers, one server carrying the load while the
 * other restarts), and a request that queues a moment is better served than refused.
 */
/** Connections per server: every server of a release opens this many to PostgreSQL (and one more to LISTEN). */
const POOL_SIZE = 10;

export const POSTGRES_TIMEOUTS = {
  /** Opening a connection. */
  connectMs: 1_500,
  /** Waiting for a pooled connection while all are in use (each is itself freed within queryMs at most). */
  poolWaitMs: 8_000,
  /**
   * One statement, measured by the client: a frozen server (a network partition) never answers, so the
   * server-side statement_timeout alone cannot end the wait.
   */
  queryMs: 1_500,
  /** The server gives up on a statement the client has stopped waiting for, freeing its locks. */
  statementMs: 1_500,
  /** TCP keep-alive on idle pooled connections, so a partition is noticed before a request meets it. */
  keepAliveInitialDelayMs: 5_000,
  /**
   * Migrations at start-up: waiting for another starting server's advisory lock, then applying the migrations.
   * Bounded, but by minutes: a migration may rebuild an index.
   */
  migrationMs: MIGRATION_RUN_MS,
} as const;

/**
 * Pooled connections that give up on a statement that timed out: node-postgres keeps such a statement as the
 * connection's active one, and would queue the next statement behind a server that may never answer. The
 * connection is closed instead (end() on a busy connection destroys the socket), so the pool opens a fresh one.
 */
async function timeoutClosingClient() {
  const { default: pg } = await import('pg');
  return class TimeoutClosingClient extends pg.Client {
    // The pool's own timeout is the wait for a free slot (poolWaitMs); opening a connection keeps its short bound.
    constructor(config?: string | import('pg').ClientConfig) {
      super(
        typeof config === 'string'
          ? { connectionString: config, connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs }
          : { ...config, connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs },
      );
    }

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- node-postgres overloads query() (promise, callback, submittable) with types no single signature can override; every form goes through here unchanged
    override query(...args: any[]): any {
      const query = super.query as (...forwarded: unknown[]) => unknown;
      const last: unknown = args.at(-1);
      const closeOnTimeout = (error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') this.end().catch(() => {});
      };
      if (typeof last === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          if (error) closeOnTimeout(error);
          (last as (error: unknown, result: unknown) => void)(error, result);
        };
        return query.apply(this, args);
      }
      const result = query.apply(this, args);
      if (result instanceof Promise) result.catch(closeOnTimeout);
      return result;
    }
  };
}

async function openPostgres(databaseUrl: string, migrations: MigrationChoice): Promise<Database> {
  const [{ default: pg }, { drizzle }, Client] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    timeoutClosingClient(),
  ]);
  if (migrations.migrate)
    await migratePostgres(databaseUrl, {
      migrationsFolder: migrations.migrationsFolder,
      queryTimeoutMs: POSTGRES_TIMEOUTS.migrationMs,
      connectTimeoutMs: POSTGRES_TIMEOUTS.connectMs,
    });
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    Client,
    max: POOL_SIZE,
    // Kept a minute once opened (warmUp): a server between two bursts keeps its connections.
    idleTimeoutMillis: 60_000,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.poolWaitMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: POSTGRES_TIMEOUTS.keepAliveInitialDelayMs,
  });
  // An idle client that loses its server must not crash the process; the next query reports the failure, and the
  // pool opens new connections when the server is back.
  pool.on('error', () => {});
  if (!migrations.migrate)
    await assertMigrated((text) => pool.query(text), migrations.migrationsFolder).catch(
      async (error: unknown) => {
        await pool.end();
        throw error;
      },
    );
  return {
    db: drizzle({ client: pool, schema }) as unknown as Db,
    driver: 'postgres',
    newPostgresClient: async () =>
      new Client({
        connectionString: databaseUrl,
        connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
        query_timeout: POSTGRES_TIMEOUTS.queryMs,
        keepAlive: true,
        keepAliveInitialDelayMillis: POSTGRES_TIMEOUTS.keepAliveInitialDelayMs,
      }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    warmUp: async () => {
      const opened = await Promise.allSettled(Array.from({ length: POOL_SIZE }, () => pool.connect()));
      for (const outcome of opened) if (outcome.status === 'fulfilled') outcome.value.release();
    },
    close: () => pool.end(),
  };
}

// Next bundles route handlers and instrumentation separately: the one database per process lives on globalThis.
const globalForDb = globalThis as unknown as {
  roadDatabase?: Promise<Database>;
  roadReferenceData?: ReferenceData;
};

/** The process's database options, from DATABASE_URL or DATA_DIR. */
export function databaseOptionsFromConfig(): DatabaseOptions {
  // `next build` prerenders pages that read the catalog (the FAQ's price table). It never touches the real store:
  // a server may be running on it, and the build may run elsewhere. Pages regenerate from the real data at run time.
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    const referenceData = globalForDb.roadReferenceData;
    // Thrown, not opened empty: a page prerendered from an empty catalog would be served as if it were the real one.
    if (!referenceData)
      throw new Error(
        "The build's throwaway database has no reference data: lib/catalog/page-data.ts gives it " +
          '(provideReferenceData) before the pages that the build prerenders read the catalog',
      );
    return { memory: true, referenceData };
  }
  const config = getConfig();
  const migrate = config.MIGRATE_ON_START;
  return config.DATABASE_URL
    ? { databaseUrl: config.DATABASE_URL, migrate }
    : { dataDir: config.DATA_DIR, migrate };
}

/**
 * Gives the reference data that `next build`'s throwaway database is seeded with (databaseOptionsFromConfig): the
 * database, below the folders that own that data, never imports it.
 */
export function provideReferenceData(data: ReferenceData): void {
  globalForDb.roadReferenceData = data;
}

/** The process's one database, opened and migrated on first use; a failed open is retried on the next call. */
export function getDatabase(): Promise<Database> {
  if (!globalForDb.roadDatabase) {
    const opening = openDatabase(databaseOptionsFromConfig());
    globalForDb.roadDatabase = opening;
    opening.catch(() => {
      if (globalForDb.roadDatabase === opening) globalForDb.roadDatabase = undefined;
    });
  }
  return globalForDb.roadDatabase;
}

/**
 * Closes the process's database (the pool, or PGlite and its data directory's lock) if it was opened; the next
 * getDatabase() would open it again. Called by the server's shutdown, once nothing uses it any more.
 */
export async function closeDatabase(): Promise<void> {
  const opening = globalForDb.roadDatabase;
  if (!opening) return;
  globalForDb.roadDatabase = undefined;
  const database = await opening.catch(() => undefined);
  await database?.close();
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Rows of a raw SQL query; PGlite and node-postgres both answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Whether the database answers a trivial query. */
export async function isDatabaseReachable(): Promise<boolean> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
