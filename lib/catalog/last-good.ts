import { DatabaseUnavailableError, isDatabaseUnavailable } from '@/lib/db/errors';
import { logger } from '@/lib/log/logger';
import { noteDatabaseAway } from '@/lib/server/request-scope';

/*
 * The public pages' catalog reads, kept as they last succeeded in this process, for when the database is away. A
 * regenerated page whose read fails would otherwise fail as a whole: Next serves a stale page while it regenerates
 * it in the background (and keeps it when that fails), but a page whose tag was expired at once (a price change, a
 * server's start: lib/catalog/page-revalidation.ts) is rendered while the visitor waits, and a thrown read is a 500.
 * With the last good answer the page is rendered as it was last shown; without one the read fails, the request is
 * marked (lib/server/request-scope.ts), and the visitor gets 503 with `Retry-After`.
 */

/** On globalThis: the pages and the start-up work that fills it (lib/startup/workers.ts) are bundled apart. */
const realm = globalThis as unknown as { roadLastGoodReads?: Map<string, unknown> };
const remembered = () => (realm.roadLastGoodReads ??= new Map<string, unknown>());

/** Records `value` as the last good answer of the read `key`. */
export function rememberRead<T>(key: string, value: T): T {
  remembered().set(key, value);
  return value;
}

/**
 * `read`, and on success its answer remembered under `key`. When it fails because the database is away, the last
 * good answer under `key` instead, and `onFallback` is told (the caller regenerates its pages once the database is
 * back, so a page rendered from an old answer is not kept for the hour); without one, the request is marked and the
 * failure goes on. Any other failure goes on as it is: a bug is not hidden behind old data.
 */
export async function withLastGood<T>(
  key: string,
  read: () => Promise<T>,
  onFallback: () => void = () => {},
): Promise<T> {
  try {
    return rememberRead(key, await read());
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    const store = remembered();
    if (store.has(key)) {
      logger.warn({ read: key }, 'database away: a page is rendered from the last good catalog read');
      onFallback();
      return store.get(key) as T;
    }
    noteDatabaseAway();
    throw error instanceof DatabaseUnavailableError
      ? error
      : new DatabaseUnavailableError(`The catalog read ${key} failed: the database is away`, {
          cause: error,
        });
  }
}

/** Forgets every remembered answer (tests). */
export const forgetLastGoodReads = () => remembered().clear();
