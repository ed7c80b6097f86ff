import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './lock';

/*
 * Backups of the shop's database (docs/deploy.md, "Backups"), the one archive of its invoices, credit notes and ANAF's
 * answers. The embedded database (PGlite) is copied whole by PGlite itself, with the shop stopped (it serves one
 * process); a PostgreSQL database is dumped consistently while the shop runs (pg_dump takes a snapshot), and
 * point-in-time recovery is PostgreSQL's own (base backup and WAL archive, docs/deploy.md).
 */

/** The embedded database's folder inside DATA_DIR (lib/db/client.ts). */
const PGLITE_FOLDER = 'pglite';

/** Copies the embedded database of `dataDir` to `file` (a gzipped tar, PGlite's own format). */
export async function backUpEmbedded(dataDir: string, file: string): Promise<void> {
  const release = await lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create(path.join(dataDir, PGLITE_FOLDER));
    try {
      const archive = await client.dumpDataDir('gzip');
      fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      // Written beside and renamed, so a file by that name is always a whole backup.
      fs.writeFileSync(`${file}.partial`, Buffer.from(await archive.arrayBuffer()));
      fs.renameSync(`${file}.partial`, file);
    } finally {
      await client.close();
    }
  } finally {
    await release();
  }
}

/**
 * Replaces the embedded database of `dataDir` with the backup in `file`. The backup is opened and read first, in a
 * folder of its own; only then is the current database moved aside (kept as `pglite.before-restore-<time>`, never
 * deleted) and the restored one put in its place. Returns where the old one was kept, if there was one.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<string | undefined> {
  const archive = new Blob([fs.readFileSync(file)]);
  const release = await lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const restoring = path.join(dataDir, `${PGLITE_FOLDER}.restoring`);
    fs.rmSync(restoring, { recursive: true, force: true });
    const client = await PGlite.create(restoring, { loadDataDir: archive });
    try {
      // A backup that does not hold the shop's tables is refused before anything is replaced.
      await client.query('select count(*) from orders');
    } finally {
      await client.close();
    }
    const current = path.join(dataDir, PGLITE_FOLDER);
    let keptAt: string | undefined;
    if (fs.existsSync(current)) {
      keptAt = `${current}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(current, keptAt);
    }
    fs.renameSync(restoring, current);
    return keptAt;
  } finally {
    await release();
  }
}

function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) => reject(new Error(`${command} could not run: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} failed (exit ${code}): ${errors.trim().slice(-2000)}`)),
    );
  });
}

/** A consistent dump of the PostgreSQL database at `url` into `file` (pg_dump's custom format), while it serves. */
export async function backUpPostgres(url: string, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  await runTool('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${file}.partial`,
    url,
  ]);
  fs.renameSync(`${file}.partial`, file);
}

/**
 * Restores a dump into the PostgreSQL database at `url`, replacing what is there, in one transaction: either the
 * whole backup is in place or nothing changed. Stop the shop's servers first.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  await runTool('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    file,
  ]);
}
