// `npm run backup [file]` and `npm run restore <file>` (docs/deploy.md, "Backups"): the embedded database of DATA_DIR
// (the shop stopped), or the PostgreSQL database of DATABASE_URL. Reads .env.local and .env as `npm start` does.
import { backUpEmbedded, backUpPostgres, restoreEmbedded, restorePostgres } from '../lib/db/backup';
import { loadEnvFiles } from './lib/env.mjs';

loadEnvFiles();
const [mode, given] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || './data';

async function main(): Promise<number> {
  if (mode === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = given ?? `backups/shop-${stamp}.${databaseUrl ? 'dump' : 'tar.gz'}`;
    if (databaseUrl) await backUpPostgres(databaseUrl, file);
    else await backUpEmbedded(dataDir, file);
    process.stdout.write(`Backup written to ${file}\n`);
    return 0;
  }
  if (mode === 'restore' && given) {
    if (databaseUrl) await restorePostgres(databaseUrl, given);
    else {
      const kept = await restoreEmbedded(dataDir, given);
      if (kept) process.stdout.write(`The database it replaced is kept in ${kept}\n`);
    }
    process.stdout.write(`Restored from ${given}\n`);
    return 0;
  }
  process.stderr.write('Usage: npm run backup [file]  |  npm run restore <file>\n');
  return 2;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
