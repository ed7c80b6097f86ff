import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Databases of their own for tests, on the real PostgreSQL server of TEST_DATABASE_URL (Jest's suites and the
 * end-to-end tests' servers alike). Nothing of the shop is imported here: Playwright loads it too.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL;

async function adminQuery(query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/**
 * Drops a test's database, ending its connections. An autovacuum worker may be in it at that moment (after a test's
 * many writes: 1 000 purchases of a rolling restart, 200 orders paid at once): FORCE may not end that worker for a role
 * that is not a superuser (42501, "must be a member of the role whose process is being terminated"), so the drop is
 * asked again once the worker has left, which takes milliseconds on a test's small tables.
 */
export async function dropDatabase(name: string, query = adminQuery, pauseMs = 100): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt === 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/** An empty database of its own, named `prefix_<random>`; drop() removes it. */
export async function createTestDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(name) };
}
