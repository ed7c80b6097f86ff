import pg from 'pg';
import { createTestDatabase, postgresUrl } from '../../support/test-database-server';

export { postgresUrl };

/** An empty database of its own on the test PostgreSQL server; drop() removes it. */
export const createDatabase = (prefix: string) => createTestDatabase(prefix);

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
