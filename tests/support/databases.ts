import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '@/lib/db/client';
import { createTestDatabase, postgresUrl } from './test-database-server';

export interface TestDatabase {
  database: Database;
  /** Closes the database and removes everything the test made. */
  dispose(): Promise<void>;
}

export { postgresUrl };

/** A fresh PGlite store in its own temporary folder. */
export async function freshPglite(): Promise<TestDatabase & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-test-'));
  const database = await openDatabase({ dataDir });
  return {
    database,
    dataDir,
    async dispose() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An empty database of its own on the real PostgreSQL server of TEST_DATABASE_URL. */
export const createPostgresDatabase = () => createTestDatabase('shop_test');

/** A fresh, migrated database on the real PostgreSQL server, dropped by dispose(). */
export async function freshPostgres(): Promise<TestDatabase & { url: string }> {
  const created = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: created.url });
  return {
    database,
    url: created.url,
    async dispose() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * The drivers every database test runs on. PostgreSQL is skipped (and reported as skipped) only when no server
 * is configured; `npm test` installs and starts one when it can.
 */
export const drivers = [
  { name: 'pglite', open: freshPglite, available: true },
  { name: 'postgres', open: freshPostgres, available: Boolean(postgresUrl) },
] as const;

// A skipped describe (or test) is how a missing PostgreSQL shows up in the summary, rather than passing silently.
export const describeForDriver = (available: boolean) => (available ? describe : describe.skip);
export const itForDriver = (available: boolean) => (available ? it : it.skip);
