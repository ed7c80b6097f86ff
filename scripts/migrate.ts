// `npm run db:migrate`: applies the committed migrations (drizzle/) to the configured database and exits: the
// release step between the build and the rolling restart of servers started with MIGRATE_ON_START=false
// (README, "Releasing on several servers"). The same advisory lock and lock_timeout as a server's start.
import { ConfigError } from '@/lib/config/env';
import { databaseOptionsFromConfig, openDatabase } from '@/lib/db/client';
import { DataDirLockedError } from '@/lib/db/lock';
import { MigrationLockTimeoutError, readJournal } from '@/lib/db/migrations';
import { loadEnvFiles } from './lib/env.mjs';

async function main() {
  loadEnvFiles();
  const options = { ...databaseOptionsFromConfig(), migrate: true };
  const database = await openDatabase(options);
  await database.close();
  const latest = readJournal().at(-1)?.tag ?? 'none';
  process.stdout.write(`Database migrated (${database.driver}); latest migration: ${latest}\n`);
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof MigrationLockTimeoutError;
  process.stderr.write(
    `\nThe migration failed: ${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n\n`,
  );
  process.exit(1);
});
