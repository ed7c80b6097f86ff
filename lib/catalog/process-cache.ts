import 'server-only';

/**
 * Values read on every quote and order that change rarely (the categories, a year's prices, the exchange rate):
 * kept per process and per database for a few seconds, so that a busy server reads each once per interval instead
 * of once per request. A change made by this process invalidates at once ({@link invalidateProcessCache}); one
 * made by another server is seen within {@link PROCESS_CACHE_TTL_MS} (the FAQ page already promises a minute).
 *
 * Kept on globalThis: route handlers and the background jobs are bundled apart, and a job that records a new rate
 * must clear the cache the route handlers read.
 */
export const PROCESS_CACHE_TTL_MS = 5_000;

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

const globalForCache = globalThis as unknown as { roadProcessCache?: WeakMap<object, Map<string, Entry>> };
const byDatabase = () => (globalForCache.roadProcessCache ??= new WeakMap());

/** `load()`'s value for `key` on this database, read again once it is older than the TTL; a failure is not kept. */
export function cachedRead<T>(database: object, key: string, load: () => Promise<T>): Promise<T> {
  let entries = byDatabase().get(database);
  if (!entries) {
    entries = new Map();
    byDatabase().set(database, entries);
  }
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  const value = load();
  const entry = { value, expiresAt: now + PROCESS_CACHE_TTL_MS };
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/** Forgets every cached value of this database (after this process changed the catalog or the rate). */
export function invalidateProcessCache(database: object): void {
  byDatabase().delete(database);
}
