import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/** A lock older than this is a crashed process's leftover and may be taken over. */
export const LOCK_STALE_MS = 10_000;

export const lockPathFor = (dataDir: string) => path.join(dataDir, 'shop.lock');

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The embedded database in ${path.resolve(dataDir)} is in use by another shop process. ` +
        'PGlite serves one process only: stop the other server, or set DATA_DIR to another folder, ' +
        'or set DATABASE_URL to share a real PostgreSQL between servers. ' +
        `(If no other server runs, its lock goes stale within ${LOCK_STALE_MS / 1000} seconds.)`,
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes the process-wide lock on an embedded data folder, or throws DataDirLockedError without touching the
 * data. The lock is refreshed while the process lives and removed when it exits.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: lockPathFor(dataDir),
      realpath: false,
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 2,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}

/** Whether another live process holds the data folder's lock. */
export async function isDataDirLocked(dataDir: string): Promise<boolean> {
  if (!fs.existsSync(dataDir)) return false;
  return lockfile.check(dataDir, {
    lockfilePath: lockPathFor(dataDir),
    realpath: false,
    stale: LOCK_STALE_MS,
  });
}
