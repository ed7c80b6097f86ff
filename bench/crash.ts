/**
 * The crash harness's full run: the built shop on a real PostgreSQL (TEST_DATABASE_URL), killed with
 * SIGKILL CRASH_KILLS_PER_POINT times (default 50) at each crash point of lib/server/crash-points.ts and started
 * again, a buyer's order driven through each kill (tests/e2e/support/crash-run.ts). Writes the figures to
 * reports/bench-crash.json: kills, orders, e-mail duplicates against the at-least-once allowance, invoice gaps,
 * issuances. The shop runs on port 3404 and its SMTP server on 2643 (CRASH_BENCH_PORT, CRASH_BENCH_SMTP_PORT).
 *
 *   npx tsx --conditions=react-server bench/crash.ts
 *
 * The build must be current for SITE_URL (`npm run build`), or the first start rebuilds it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runCrashScenario } from '../tests/e2e/support/crash-run';

async function main() {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error('TEST_DATABASE_URL must point at a PostgreSQL role that may create databases');
  const killsPerPoint = Number(process.env.CRASH_KILLS_PER_POINT ?? 50);
  const report = await runCrashScenario({
    killsPerPoint,
    port: Number(process.env.CRASH_BENCH_PORT ?? 3404),
    smtpPort: Number(process.env.CRASH_BENCH_SMTP_PORT ?? 2643),
    log: (line) => console.log(line),
  });
  const { ledger } = report;
  const figures = {
    generatedAt: new Date().toISOString(),
    killsPerPoint,
    kills: report.kills,
    killsByPoint: report.killsByPoint,
    orders: report.orders,
    paidOrders: ledger.paidAtProvider,
    paidNotFulfilled: ledger.paidNotFulfilled.length,
    orderRetries: report.orderRetries,
    paymentsRestarted: report.paymentsRestarted,
    vignettesIssued: ledger.issuances,
    repeatedIssuerAsks: report.repeatedIssuerAsks,
    invoices: ledger.invoices,
    invoiceGaps: ledger.invoiceGaps,
    invoiceRepeats: ledger.invoiceRepeats,
    emails: ledger.distinctMessageIds,
    emailCopiesReceived: ledger.mails,
    duplicateEmails: ledger.duplicateMails,
    duplicateEmailsAllowed: report.allowedDuplicateMails,
    notificationsReceivedAgain: ledger.notificationsPerPaymentAboveOne,
    broken: report.broken,
    seconds: report.seconds,
  };
  const out = path.join(process.cwd(), 'reports', 'bench-crash.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(
    `\n${figures.kills} kills (${killsPerPoint} per point), ${figures.orders} orders: ${figures.paidNotFulfilled} paid orders lost or stuck, ` +
      `${figures.vignettesIssued} vignettes for ${2 * figures.paidOrders} items (${figures.repeatedIssuerAsks} repeated asks), ` +
      `${figures.invoiceGaps} invoice gaps, ${figures.duplicateEmails} duplicate e-mails (allowed ${figures.duplicateEmailsAllowed}), ` +
      `${figures.broken.length} broken promises, ${figures.seconds} s. Report: ${out}`,
  );
  if (figures.broken.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
