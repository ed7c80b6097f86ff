import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CRASH_POINTS, type CrashPoint } from '../../../lib/server/crash-points';
import { createDatabase, withDb } from './postgres';
import { brokenPromises, readLedger, type Ledger } from './shop-ledger';
import {
  payOnSandboxForm,
  placeOrder,
  quote,
  uniquePlate,
  vignetteOrderBody,
  waitFor,
  type PlacedOrder,
} from './shop-client';
import { startShop, waitUntilHealthy, type ShopProcess } from './shop-process';
import { startSmtpSink } from './smtp-sink';

/**
 * The crash harness of tests/e2e/crash-safety.spec.ts and bench/crash.ts. For each kill: the built shop starts on a
 * real PostgreSQL with `CRASH_AT=<point>` (lib/server/crash-points.ts), a buyer orders two vignettes through the
 * API and pays on the sandbox's card form, and the server kills itself with SIGKILL at the point; the shop starts
 * again without it, the buyer retries what got no answer (the same Idempotency-Key), the jobs settle, and the
 * promises are checked from outside: the database and the messages the SMTP server received.
 */
export interface CrashRunOptions {
  points?: readonly CrashPoint[];
  killsPerPoint: number;
  /** The shop's port and the SMTP sink's: from the caller's own range. */
  port: number;
  smtpPort: number;
  log?: (line: string) => void;
}

export interface CrashRunReport {
  kills: number;
  killsByPoint: Partial<Record<CrashPoint, number>>;
  orders: number;
  /** Orders whose first request got no answer, retried with the same Idempotency-Key. */
  orderRetries: number;
  /** Of those, retries that found the order without a payment and started it. */
  paymentsRestarted: number;
  ledger: Ledger;
  /** Duplicate e-mails allowed by the at-least-once promise: the kills between sending and recording. */
  allowedDuplicateMails: number;
  /** Issuer asks beyond the first per key: retries the idempotency keys made harmless. */
  repeatedIssuerAsks: number;
  broken: string[];
  seconds: number;
}

const SETTLE_MS = 90_000;
const DEATH_MS = 60_000;

export async function runCrashScenario(options: CrashRunOptions): Promise<CrashRunReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const points = options.points ?? CRASH_POINTS;
  const database = await createDatabase('shop_crash');
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-crash-mail-'));
  const sink = startSmtpSink(options.smtpPort, mailDir);
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: undefined,
    SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
    RATE_LIMIT_MULTIPLIER: '1000',
    LOG_LEVEL: 'warn',
    CRASH_AT: undefined,
  };
  const killsByPoint: Partial<Record<CrashPoint, number>> = {};
  let orders = 0;
  let orderRetries = 0;
  let paymentsRestarted = 0;
  let running: ShopProcess | undefined;
  const broken: string[] = [];
  let ledger: Ledger | undefined;
  try {
    for (let round = 0; round < options.killsPerPoint && !broken.length; round++) {
      for (const point of points) {
        // 1. A server armed to die at the point, and a buyer until it does.
        running = startShop(options.port, { ...env, CRASH_AT: point });
        await waitUntilHealthy(running);
        const body = vignetteOrderBody(uniquePlate(orders), `crash-${orders}@example.ro`, 2);
        const key = randomUUID();
        orders++;
        let placed: PlacedOrder | undefined;
        try {
          await quote(running.url, body);
          placed = await placeOrder(running.url, body, key);
          await payOnSandboxForm(running.url, placed.paymentUrl!);
        } catch {
          // The server died under the request: the buyer retries below.
        }
        const died = await Promise.race([
          running.exited.then(() => true),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), DEATH_MS)),
        ]);
        if (!died || !running.output().includes(`CRASH_AT ${point}:1`)) {
          broken.push(`the server did not die at ${point}:\n${running.output().slice(-2000)}`);
          break;
        }
        killsByPoint[point] = (killsByPoint[point] ?? 0) + 1;

        // 2. While no server runs, the dead one's claims run out (instead of waiting their minutes).
        await expireClaims(database.url);

        // 3. The shop starts again; the buyer retries what got no answer; the jobs settle.
        running = startShop(options.port, env);
        await waitUntilHealthy(running);
        if (!placed?.paymentUrl) {
          orderRetries++;
          placed = await placeOrder(running.url, body, key);
          if (placed.paymentUrl) paymentsRestarted++;
          else {
            broken.push(
              `order ${placed.orderId} retried after a crash at ${point} has no payment (${placed.status})`,
            );
            break;
          }
        }
        if ((await providerStatus(database.url, placed.paymentUrl!)) === 1)
          await payOnSandboxForm(running.url, placed.paymentUrl!);
        await settle(database.url, mailDir);
        ledger = await readLedger(database.url, mailDir);
        broken.push(...brokenPromises(ledger, killsByPoint['mail-sent'] ?? 0));
        log(
          `kill ${Object.values(killsByPoint).reduce((a, b) => a + b, 0)} at ${point}: ` +
            `${ledger.paidAtProvider} paid, ${ledger.duplicateMails} duplicate e-mails, ${ledger.invoiceGaps} gaps` +
            (broken.length ? `; BROKEN: ${broken.join('; ')}` : ''),
        );
        await running.stop();
        running = undefined;
        if (broken.length) break;
      }
    }
    ledger ??= await readLedger(database.url, mailDir);
    return {
      kills: Object.values(killsByPoint).reduce((a, b) => a + b, 0),
      killsByPoint,
      orders,
      orderRetries,
      paymentsRestarted,
      ledger,
      allowedDuplicateMails: killsByPoint['mail-sent'] ?? 0,
      repeatedIssuerAsks: ledger.issuanceRequests - ledger.issuances,
      broken,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    await running?.stop();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    await database.drop();
    fs.rmSync(mailDir, { recursive: true, force: true });
  }
}

/** Waits until no paid order is still being worked on and every queued e-mail is sent. */
async function settle(databaseUrl: string, mailDir: string) {
  let last: Ledger | undefined;
  await waitFor(
    async () => {
      last = await readLedger(databaseUrl, mailDir);
      return (
        !last.paidNotFulfilled.length &&
        !last.inFlight &&
        !last.outboxUnsent &&
        last.outboxRowsWithoutMail === 0
      );
    },
    SETTLE_MS,
    () => `the jobs did not settle: ${JSON.stringify(last)}`,
  );
}

/**
 * The leases a killed server held (an outbox row claimed for 5 minutes, a notification for 15 s) end now, as they
 * would after that time: only ever called while no server runs, so no live claim is cut short.
 */
async function expireClaims(databaseUrl: string) {
  await withDb(databaseUrl, async (db) => {
    await db.query(
      'update outbox set next_attempt_at = now() where sent_at is null and next_attempt_at > now()',
    );
    await db.query(
      'update sandbox_payments set notify_next_at = now() where notified_at is null and notify_next_at > now()',
    );
    // An item the dead server was asking for (lib/orders/fulfilment.ts, DELIVERY_CLAIM_SECONDS).
    await db.query(
      "update order_items set delivery_asked_at = now() - interval '1 hour' where issued_id is null and delivery_asked_at > now() - interval '1 hour'",
    );
  });
}

/** The sandbox provider's status of the payment behind a form address (1: not paid yet). */
async function providerStatus(databaseUrl: string, paymentUrl: string): Promise<number | undefined> {
  const ntpId = new URL(paymentUrl).pathname.split('/').pop();
  return withDb(databaseUrl, async (db) => {
    const result = await db.query<{ status: number }>(
      'select status from sandbox_payments where ntp_id = $1',
      [ntpId],
    );
    return result.rows[0]?.status;
  });
}
