/**
 * The fuzz test's larger run: the same generated bad requests as tests/e2e/fuzz.spec.ts, FUZZ_RUNS_SCALE
 * times as many (default 10: 100 000 over the API routes, 10 000 over the pages), against a built shop started
 * here as `npm start` starts it (its own embedded store, rate limits raised). Reports the count of 5xx, of other
 * problems (hangs over 2 s, leaked stack traces, API errors outside the JSON shape) and the latency p50/p99 to
 * reports/bench-fuzz.json. Not a test: nothing here passes or fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as fuzz from '../tests/e2e/support/fuzz-requests';
import { startShop, waitUntilHealthy } from '../tests/e2e/support/shop-process';

/** In the fuzz part's port range (3200-3299), apart from the e2e server's. */
const PORT = Number(process.env.BENCH_FUZZ_PORT ?? 3210);
const say = (line = '') => process.stdout.write(`${line}\n`);

async function main() {
  const scale = Number(process.env.FUZZ_RUNS_SCALE ?? 10);
  const counts = fuzz.fuzzCounts(scale);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-bench-fuzz-'));
  const shop = startShop(PORT, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'fatal',
    RATE_LIMIT_MULTIPLIER: '1000',
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_PASSWORD: 'bench-admin-password',
  });
  try {
    await waitUntilHealthy(shop, 600_000);
    const routes = fuzz.apiRoutes();
    const perRoute = Math.ceil(counts.api / routes.length);
    const api = new fuzz.FuzzTally();
    const pages = new fuzz.FuzzTally();
    const failures: string[] = [];
    const started = performance.now();
    for (const { route, methods } of routes) {
      say(`  ${route}: ${perRoute} requests`);
      await fuzz
        .fuzzRoute({
          baseURL: shop.url,
          arbitrary: fuzz.requestFor(route, methods),
          runs: perRoute,
          api: true,
          tally: api,
        })
        .catch((error: Error) =>
          failures.push(`${route}: ${error.message.split('\n').slice(0, 6).join(' | ')}`),
        );
    }
    say(`  pages: ${counts.pages} requests`);
    await fuzz
      .fuzzRoute({
        baseURL: shop.url,
        arbitrary: fuzz.pageRequest(),
        runs: counts.pages,
        api: false,
        tally: pages,
      })
      .catch((error: Error) => failures.push(`pages: ${error.message.split('\n').slice(0, 6).join(' | ')}`));
    const seconds = (performance.now() - started) / 1000;
    const summary = (tally: fuzz.FuzzTally) => ({
      requests: tally.latencies.length,
      fiveHundreds: tally.fiveHundreds,
      problems: tally.problems,
      p50Ms: Number(tally.percentile(50).toFixed(1)),
      p99Ms: Number(tally.percentile(99).toFixed(1)),
      maxMs: Number(Math.max(0, ...tally.latencies).toFixed(1)),
      statuses: Object.fromEntries([...tally.statuses].sort(([a], [b]) => a - b)),
    });
    const report = {
      seed: fuzz.FUZZ_SEED,
      scale,
      seconds: Number(seconds.toFixed(1)),
      apiRoutes: routes.length,
      api: summary(api),
      pages: summary(pages),
      failures,
    };
    fs.mkdirSync('reports', { recursive: true });
    fs.writeFileSync(path.join('reports', 'bench-fuzz.json'), `${JSON.stringify(report, null, 2)}\n`);
    say(
      `\nfuzz bench (seed ${fuzz.FUZZ_SEED}, scale ${scale}, ${report.seconds} s): API ${report.api.requests} requests, ` +
        `${report.api.fiveHundreds} × 5xx, p50 ${report.api.p50Ms} ms, p99 ${report.api.p99Ms} ms; pages ` +
        `${report.pages.requests} requests, ${report.pages.fiveHundreds} × 5xx, p50 ${report.pages.p50Ms} ms, ` +
        `p99 ${report.pages.p99Ms} ms; ${failures.length} failing properties. Report: reports/bench-fuzz.json`,
    );
  } finally {
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
