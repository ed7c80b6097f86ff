/**
 * The rolling restart at 50 buyers (tests/e2e/support/rolling-restart.ts; the test runs it at 20): nginx running
 * docs/deploy/nginx-site.conf in front of two built servers on a real PostgreSQL (TEST_DATABASE_URL), buyers buying
 * through it for ROLL_SECONDS (default 60) while each server in turn is taken out of the pool, stopped with SIGTERM and
 * started again; then the same with a new release bringing a migration. Writes reports/bench-rolling-restart.json:
 * purchases, failed requests, the servers' stop and ready times, latencies, and what the ledger found.
 * Ports: servers 3570 and 3571, nginx 3572 and 3573, SMTP 2672. Needs nginx (`npm test` installs it as root).
 *
 *   npx tsx --conditions=react-server bench/rolling-restart.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { runRollingRestart, type RollingRestartReport } from '../tests/e2e/support/rolling-restart';

const BUYERS = Number(process.env.ROLL_BUYERS ?? 50);
const SECONDS = Number(process.env.ROLL_SECONDS ?? 60);

function figures(report: RollingRestartReport) {
  return {
    newMigration: report.newMigration,
    buyers: report.buyers,
    seconds: report.seconds,
    purchases: report.purchases,
    purchasesPerSecond: Number((report.purchases / report.seconds).toFixed(1)),
    requests: report.requests,
    failedRequests: report.failedRequests.length,
    failures: report.failedRequests.slice(0, 20),
    requestsResentOnNewConnection: report.requestsResentOnNewConnection,
    requestsDuringMixedRelease: report.requestsDuringMixedRelease,
    latencyMs: report.latencyMs,
    restarts: report.restarts,
    settleSeconds: report.settleSeconds,
    migrationApplied: report.migrationApplied,
    efactura: report.efactura,
    invoices: report.ledger.invoices,
    invoiceGaps: report.ledger.invoiceGaps,
    emails: report.ledger.mails,
    duplicateEmails: report.ledger.duplicateMails,
    ordersPaidMoreThanOnce: report.ordersPaidMoreThanOnce,
    broken: report.broken,
  };
}

async function main() {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error('TEST_DATABASE_URL must point at a PostgreSQL role that may create databases');
  const ports = { servers: [3570, 3571] as [number, number], http: 3572, https: 3573, smtp: 2672 };
  const runs = [];
  for (const newMigration of [false, true]) {
    console.log(
      `\nRolling restart at ${BUYERS} buyers for ${SECONDS} s${newMigration ? ', new release with a migration' : ''} ...`,
    );
    const report = await runRollingRestart({
      buyers: BUYERS,
      seconds: SECONDS,
      newMigration,
      ports,
      log: (line) => console.log(line),
    });
    runs.push(figures(report));
  }
  const out = path.join(process.cwd(), 'reports', 'bench-rolling-restart.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ generatedAt: new Date().toISOString(), runs }, null, 2)}\n`);
  for (const run of runs)
    console.log(
      `${run.newMigration ? 'with a migration' : 'same release'}: ${run.purchases} purchases (${run.purchasesPerSecond}/s), ` +
        `${run.failedRequests} failed requests, p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, ` +
        `servers stopped in ${run.restarts.map((restart) => `${restart.stopSeconds.toFixed(1)} s`).join(' and ')}, ` +
        `${run.broken.length} broken promises`,
    );
  console.log(`Report: ${out}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
