import 'server-only';

import { ConfigError, getConfig } from '@/lib/config/env';
import { getDatabase } from '@/lib/db/client';
import { DataDirUnusableError } from '@/lib/db/data-dir';
import { DataDirLockedError } from '@/lib/db/lock';
import { seedDatabase } from '@/lib/db/seed';
import { logger } from '@/lib/log/logger';
import { startBackgroundWorkers } from './workers';

/** Stops the process with a message meant for the person who started it. */
function exitWith(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

/**
 * Runs once when the Node server starts: validates the configuration, opens and migrates the database, seeds
 * the reference data and the first admin. Any failure stops the server before it serves a request.
 */
export async function startServer(): Promise<void> {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }

  try {
    const database = await getDatabase();
    const seeded = await seedDatabase(database.db, {
      adminUsername: config.ADMIN_USERNAME,
      adminPassword: config.ADMIN_PASSWORD,
    });
    logger.info({ driver: database.driver }, 'database ready');
    startBackgroundWorkers();
    const admin = seeded.createdAdmin;
    if (admin?.generatedPassword) {
      // Printed once, straight to the console and never to the logs; the first sign-in must change it.
      process.stdout.write(
        `\n  First admin created: user "${admin.username}", temporary password ${admin.generatedPassword}\n` +
          '  (shown only now; you will be asked to change it at the first sign-in)\n\n',
      );
    } else if (admin) {
      logger.info({ username: admin.username }, 'first admin created from ADMIN_USERNAME');
    }
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DataDirUnusableError) exitWith(error.message);
    logger.fatal({ err: error }, 'start-up failed');
    exitWith(`The shop could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}
