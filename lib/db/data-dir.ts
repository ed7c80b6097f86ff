import fs from 'node:fs';
import path from 'node:path';

/**
 * Free space the embedded database needs in DATA_DIR to start: a new store takes about 40 MB, and PostgreSQL
 * writes 16 MB write-ahead-log segments as it goes. Below this the shop refuses to start rather than fail
 * half-way through a write.
 */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

/** DATA_DIR cannot hold the embedded database; the message says which folder and what to do. */
export class DataDirUnusableError extends Error {
  constructor(
    readonly dataDir: string,
    readonly problem: 'not-a-folder' | 'read-only' | 'full',
    detail: string,
  ) {
    const folder = path.resolve(dataDir);
    const advice = {
      'not-a-folder': `DATA_DIR must be a folder, and ${folder} is not one (${detail}). Set DATA_DIR to a folder.`,
      'read-only':
        `The shop cannot write to its data folder ${folder} (${detail}): it is read-only or not writable by this ` +
        'user. Make it writable, or set DATA_DIR to a writable folder.',
      full:
        `The data folder ${folder} is full (${detail}); the embedded database needs at least ` +
        `${MIN_FREE_BYTES / 1024 / 1024} MB free. Free some space, or set DATA_DIR to a folder on a larger disk.`,
    }[problem];
    super(`The embedded database cannot start. ${advice} Nothing in the folder was changed.`);
    this.name = 'DataDirUnusableError';
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function classify(dataDir: string, error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code;
  // Node's message starts with the code already: "EROFS: read-only file system, open '...'".
  const detail = (error as Error).message;
  if (code === 'ENOSPC' || code === 'EDQUOT') throw new DataDirUnusableError(dataDir, 'full', detail);
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
    throw new DataDirUnusableError(dataDir, 'read-only', detail);
  if (code === 'ENOTDIR' || code === 'EEXIST')
    throw new DataDirUnusableError(dataDir, 'not-a-folder', detail);
  throw error;
}

/**
 * Checks, before the embedded database opens, that DATA_DIR is a folder this process can write to and that has
 * room: a read-only or full folder gives a clear message at start instead of a store that fails (or is left
 * half-written) on its first write. Creates the folder when it does not exist.
 */
export function checkDataDir(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.statSync(dataDir).isDirectory()) {
      throw Object.assign(new Error(`${dataDir} is a file`), { code: 'ENOTDIR' });
    }
    // A real write, flushed: the permission bits say nothing to root, and a read-only mount says it only here.
    const probe = path.join(dataDir, `.write-check-${process.pid}`);
    try {
      const fd = fs.openSync(probe, 'w');
      try {
        fs.writeSync(fd, Buffer.alloc(4096));
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    } finally {
      fs.rmSync(probe, { force: true });
    }
  } catch (error) {
    classify(dataDir, error);
  }
  const stats = fs.statfsSync(dataDir);
  const free = stats.bavail * stats.bsize;
  if (free < MIN_FREE_BYTES) {
    throw new DataDirUnusableError(dataDir, 'full', `${mb(free)} free of ${mb(stats.blocks * stats.bsize)}`);
  }
}
