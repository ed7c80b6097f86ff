import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDatabase, type Database } from '@/lib/db/client';
import { seedShop } from './seed';
import { createPostgresDatabase } from './databases';

/**
 * The process-wide configuration and database are cached on globalThis (lib/config/env.ts, lib/db/client.ts):
 * this closes the database and forgets both, then sets the given environment.
 */
export async function resetProcess(env: Record<string, string | undefined>) {
  const cached = Reflect.get(globalThis, 'roadDatabase') as Promise<Database> | undefined;
  await cached?.then((database) => database.close()).catch(() => {});
  Reflect.deleteProperty(globalThis, 'roadDatabase');
  Reflect.deleteProperty(globalThis, 'roadConfig');
  Reflect.deleteProperty(globalThis, '__roadJwtSecret');
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

/**
 * Gives the route handlers under test the process database they would have in a running server: a fresh PGlite
 * store (or the PostgreSQL URL given), migrated and seeded. Returns it and a cleanup for afterAll.
 */
export async function useProcessDatabase(
  databaseUrl?: string,
): Promise<{ database: Database; cleanup(): Promise<void> }> {
  const dataDir = databaseUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'road-api-'));
  await resetProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  const database = await getDatabase();
  await seedShop(database.db, { adminUsername: 'admin', adminPassword: 'a-test-admin-password' });
  return {
    database,
    async cleanup() {
      await resetProcess({ DATABASE_URL: undefined, DATA_DIR: undefined });
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** useProcessDatabase under a name that is no React hook's, for callers that are not components. */
const openProcessDatabase = useProcessDatabase;

/**
 * useProcessDatabase on one of the drivers of tests/support/databases.ts: PGlite, or a PostgreSQL database of its own
 * that cleanup() drops.
 */
export async function openProcessDatabaseOn(
  driver: 'pglite' | 'postgres',
): Promise<{ database: Database; cleanup(): Promise<void> }> {
  if (driver === 'pglite') return openProcessDatabase();
  const created = await createPostgresDatabase();
  const env = await openProcessDatabase(created.url);
  return {
    database: env.database,
    async cleanup() {
      await env.cleanup();
      await created.drop();
    },
  };
}

/**
 * The environment of a shop that runs for real (PAYMENT_PROVIDER=netopia), with test values; invoices held back from
 * e-Factura (a live shop refuses its sandbox).
 */
export const LIVE_SHOP_ENV = {
  PAYMENT_PROVIDER: 'netopia',
  NETOPIA_API_URL: 'https://secure.sandbox.netopia-payments.com',
  NETOPIA_API_KEY: 'test-key',
  NETOPIA_POS_SIGNATURE: 'TEST-POS',
  NETOPIA_PUBLIC_KEY: 'test-public-key',
  JWT_SECRET: 'a-test-secret-that-is-long-enough-to-sign',
  SITE_URL: 'http://localhost:3000',
  EFACTURA_PROVIDER: 'off',
};

/** A JSON request as a browser or the mobile app sends it. */
export function jsonRequest(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return new Request(`http://localhost${url}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...init.headers },
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
}

export const noParams = { params: Promise.resolve({}) };

/** Runs `body` with these environment variables (undefined: unset), the process's configuration parsed anew. */
export async function withEnv<T>(
  env: Record<string, string | undefined>,
  body: () => Promise<T>,
): Promise<T> {
  const before = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    Reflect.deleteProperty(globalThis, 'roadConfig');
  };
  apply(env);
  try {
    return await body();
  } finally {
    apply(before);
  }
}

/** Runs `body` with every rate limit scaled by `multiplier` (jest-setup.ts raises them for the other tests). */
export const withRateLimitMultiplier = <T>(multiplier: number, body: () => Promise<T>) =>
  withEnv({ RATE_LIMIT_MULTIPLIER: String(multiplier) }, body);
