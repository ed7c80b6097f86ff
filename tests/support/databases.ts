import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '@/lib/db/client';

export interface TestDatabase {
  database: Database;
  /** Closes the database and removes everything the test made. */
  dispose(): Promise<void>;
}

export const postgresUrl = process.env.TEST_DATABASE_URL;

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

const adminQuery = async (query: string) => {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
};

/** An empty database of its own on the real PostgreSQL server of TEST_DATABASE_URL. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `shop_test_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(name) };
}

/**
 * Drops a test's database, ending its connections. An autovacuum worker may be in it at that moment (after a test's
 * many writes): FORCE may not end that worker for a role that is not a superuser (42501, "must be a member of the
 * role whose process is being terminated"), so the drop is asked again once the worker has left, which takes
 * milliseconds on a test's small tables.
 */
async function dropDatabase(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt === 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

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
