import 'server-only';

import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { lockDataDir } from './lock';
import { seedReferenceData } from './seed';
import { getConfig } from '@/lib/config/env';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** A real PostgreSQL, PGlite in a folder, or a throwaway in-memory PGlite seeded with the reference data. */
export type DatabaseOptions = { databaseUrl: string } | { dataDir: string } | { memory: true };

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle');
/** Serialises migrations when several servers start at once on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_324_611;

/**
 * Opens the database and applies the committed migrations: node-postgres when a URL is given, else PGlite in
 * the data folder, after taking the folder's lock (a second process fails with DataDirLockedError).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl);
  if ('memory' in options) {
    const database = await openPglite(undefined);
    await seedReferenceData(database.db);
    return database;
  }
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const release = dataDir ? await lockDataDir(dataDir) : async () => {};
  try {
    const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      driver: 'pglite',
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

async function openPostgres(databaseUrl: string): Promise<Database> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the next query reports the failure.
  pool.on('error', () => {});
  try {
    const migrationClient = await pool.connect();
    try {
      await migrationClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrate(drizzle({ client: migrationClient, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await migrationClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      migrationClient.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzle({ client: pool, schema }) as unknown as Db,
    driver: 'postgres',
    close: () => pool.end(),
  };
}

/** The process's database options, from DATABASE_URL or DATA_DIR. */
export function databaseOptionsFromConfig(): DatabaseOptions {
  // `next build` prerenders pages that read the catalog (the FAQ's price table). It never touches the real store:
  // a server may be running on it, and the build may run elsewhere. Pages regenerate from the real data at run time.
  if (process.env.NEXT_PHASE === 'phase-production-build') return { memory: true };
  const config = getConfig();
  return config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
}

// Next bundles route handlers and instrumentation separately: the one database per process lives on globalThis.
const globalForDb = globalThis as unknown as { roadDatabase?: Promise<Database> };

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
