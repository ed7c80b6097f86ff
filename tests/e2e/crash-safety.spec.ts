import { expect, test } from '@playwright/test';
import { CRASH_POINTS } from '../../lib/server/crash-points';
import { runCrashScenario } from './support/crash-run';
import { postgresUrl } from './support/postgres';

// The built server, killed with SIGKILL at every crash point and started again, on a real PostgreSQL: a few kills
// per point here, 50 per point in bench/crash.ts. Ports: the shop 3401, its SMTP server 2641 (this part's range).
test.describe.configure({ timeout: 360_000 });
// These need a real PostgreSQL (PGlite serves one process); skipped, and counted as skipped, only where none is
// configured. `npm test` installs and starts one when it runs as root, as CI does.
test.skip(!postgresUrl, 'TEST_DATABASE_URL is not set');

const KILLS_PER_POINT = Number(process.env.CRASH_KILLS_PER_POINT ?? 1);

test("a server killed at any point loses no paid order and doubles nothing beyond the outbox's promise", async () => {
  const report = await runCrashScenario({
    killsPerPoint: KILLS_PER_POINT,
    port: 3401,
    smtpPort: 2641,
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify({ ...report, ledger: { ...report.ledger, paidNotFulfilled: undefined } }));

  expect(report.broken).toEqual([]);
  // Every point was reached and killed the server, and every order was paid and fulfilled.
  for (const point of CRASH_POINTS) expect(report.killsByPoint[point]).toBe(KILLS_PER_POINT);
  expect(report.ledger.paidAtProvider).toBe(report.orders);
  expect(report.ledger.paidNotFulfilled).toEqual([]);
  // A crash before the payment was recorded: the buyer's retry with the same key started it and could pay.
  expect(report.orderRetries).toBe(2 * KILLS_PER_POINT);
  expect(report.paymentsRestarted).toBe(report.orderRetries);
  // Exactly once: one vignette per item (the killed delivery was asked about again, looked up by its key) ...
  expect(report.ledger.issuances).toBe(2 * report.orders);
  expect(report.repeatedIssuerAsks).toBeGreaterThanOrEqual(KILLS_PER_POINT);
  // ... one invoice number per paid order, with no gap ...
  expect(report.ledger.invoices).toBe(report.orders);
  expect(report.ledger.invoiceGaps).toBe(0);
  // ... and at least once for e-mail: one message per order, and a copy with the same Message-ID only where the
  // server died between the send and its record.
  expect(report.ledger.distinctMessageIds).toBe(report.orders);
  expect(report.ledger.duplicateMails).toBeLessThanOrEqual(report.allowedDuplicateMails);
  expect(report.ledger.maxCopies).toBeLessThanOrEqual(2);
});
