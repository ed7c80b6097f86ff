import pg from 'pg';

/** An empty database of its own on the test PostgreSQL server (`createDatabase(prefix)`); drop() removes it. */
export { createTestDatabase as createDatabase, postgresUrl } from '../../support/test-database-server';

/** Runs `run` on a connection of its own to `databaseUrl`, closed afterwards. */
export async function withDb<T>(databaseUrl: string, run: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}
