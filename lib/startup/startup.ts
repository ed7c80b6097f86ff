import 'server-only';

import { ConfigError, getConfig, type Config } from '@/lib/config/env';
import { isLiveMode, PRODUCT_LINES, productLineState } from '@/lib/config/live-mode';
import { getDatabase } from '@/lib/db/client';
import { DataDirUnusableError } from '@/lib/db/data-dir';
import { DataDirLockedError } from '@/lib/db/lock';
import { DatabaseBehindError, MigrationLockTimeoutError } from '@/lib/db/migrations';
import { generatePassword, hashPassword } from '@/lib/auth/password';
import { REFERENCE_DATA } from '@/lib/catalog/reference-data';
import { seedDatabase } from '@/lib/db/seed';
import { readOrderFactsWith } from '@/lib/invoices/order-facts-reader';
import { logger } from '@/lib/log/logger';
import { invoicedOrderOf } from '@/lib/orders/order-document';
import { describeJobsMode } from '@/lib/server/jobs-mode';
import { handleShutdownSignals } from './shutdown-signals';
import { startBackgroundWorkers } from './workers';

/** Stops the process with a message meant for the person who started it. */
function exitWith(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

/** A production build on the built-in sandbox takes no real money: say so where the operator looks. */
function warnSandboxInProduction() {
  logger.warn({ provider: 'sandbox' }, 'payments are simulated by the built-in sandbox provider');
  process.stderr.write(
    '\n  WARNING: payments are SIMULATED. PAYMENT_PROVIDER is "sandbox" (the default), so buyers pay on the\n' +
      '  built-in test card form at /sandbox-pay and no money is taken. Before selling for real, set\n' +
      '  PAYMENT_PROVIDER=netopia with the NETOPIA_* variables and JWT_SECRET (see README, "Security").\n\n',
  );
}

/**
 * Live mode with a line's provider still the sandbox: the shop starts and sells the rest, and says plainly what it
 * does not sell and what to set (the back-office shows the same).
 */
function warnClosedLines(config: Config) {
  if (!isLiveMode(config)) return;
  for (const line of PRODUCT_LINES) {
    const state = productLineState(line, config);
    if (state.sold) continue;
    logger.warn({ line, variable: state.variable }, 'product line closed: its provider is the sandbox');
    process.stderr.write(
      `\n  NOTICE: ${line === 'vignettes' ? 'vignettes are' : 'top-ups are'} NOT SOLD online: ${state.variable} is the ` +
        'built-in sandbox,\n  which delivers nothing real. Their pages show a notice and their orders are refused (503\n' +
        `  PRODUCT_LINE_CLOSED). Set ${state.variable} and its credentials to sell them (see README, "Going live").\n\n`,
    );
  }
  if (config.EFACTURA_PROVIDER === 'off')
    process.stderr.write(
      '\n  NOTICE: EFACTURA_PROVIDER=off: invoices and credit notes are NOT sent to ANAF. They wait, turn late after\n' +
        '  the legal deadline, and staff are alerted every day until EFACTURA_PROVIDER=anaf is set.\n\n',
    );
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
  handleShutdownSignals(config.SHUTDOWN_TIMEOUT_SECONDS);
  // A document issued before snapshots existed is stated from its order at its first rendering, read by lib/orders.
  readOrderFactsWith(invoicedOrderOf);

  try {
    const database = await getDatabase();
    const seeded = await seedDatabase(database.db, REFERENCE_DATA, {
      adminUsername: config.ADMIN_USERNAME,
      adminPassword: config.ADMIN_PASSWORD,
      hashPassword,
      generatePassword,
    });
    // Before the first request: Next serves once this start-up hook has finished.
    await database.warmUp?.();
    logger.info({ driver: database.driver }, 'database ready');
    startBackgroundWorkers();
    logger.info({ jobs: config.JOBS }, describeJobsMode(config.JOBS));
    if (config.PAYMENT_PROVIDER === 'sandbox' && process.env.NODE_ENV === 'production')
      warnSandboxInProduction();
    warnClosedLines(config);
    const admin = seeded.createdAdmin;
    if (admin?.generatedPassword) {
      // Printed once to stderr, apart from the JSON logs on stdout (a log collector keeps those); the first
      // sign-in must change it.
      process.stderr.write(
        `\n  First admin created: user "${admin.username}", temporary password ${admin.generatedPassword}\n` +
          '  (shown only now; you will be asked to change it at the first sign-in)\n\n',
      );
    } else if (admin) {
      logger.info({ username: admin.username }, 'first admin created from ADMIN_USERNAME');
    }
  } catch (error) {
    if (
      error instanceof DataDirLockedError ||
      error instanceof DataDirUnusableError ||
      error instanceof DatabaseBehindError ||
      error instanceof MigrationLockTimeoutError
    )
      exitWith(error.message);
    logger.fatal({ err: error }, 'start-up failed');
    exitWith(`The shop could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}
