import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const postgresUrl = process.env.TEST_DATABASE_URL;

/** An empty database of its own on the test PostgreSQL server; drop() removes it. */
export async function createDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

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
