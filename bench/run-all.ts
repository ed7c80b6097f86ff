/**
 * `npm run bench`: every benchmark of the shop, one after another, each against a baseline measured in its own
 * run, each writing its report to reports/ (docs/architecture.md, Tests and benchmarks: measured, never gated; nothing
 * here passes or fails).
 *
 * - admin-transactions: the back-office's lists and exports on 100 000 orders (reports/bench.json)
 * - purchase-load: quote → order → payment → notification → delivery → e-mail at 50 buyers (reports/bench-purchase-load.json)
 * - fuzz: the fuzz test's generators at ten times its size, with latencies (reports/bench-fuzz.json)
 * - crash: SIGKILLs at every crash point, 50 per point by default (reports/bench-crash.json; about 13 s a kill
 *   on a quiet machine, 40 s beside other builds, so the full run takes about 65 minutes alone:
 *   CRASH_KILLS_PER_POINT=5 for a quicker look)
 * - rolling-restart: nginx in front of two servers, each stopped with SIGTERM and started again while 50 buyers buy,
 *   then the same with a new release bringing a migration (reports/bench-rolling-restart.json; about 6 minutes)
 * - page-cache: `/ro/faq` from the server's own page cache against the same bytes from `public/` (goal ≥ 0.9×), and
 *   through the documented nginx against Next's own path (goal ≥ 20×), with wrk (reports/bench-page-cache.json;
 *   about two minutes)
 * - lighthouse: Lighthouse (mobile), the median of 5 runs on every public page: performance and its metrics, layout
 *   shifts, and each purchase page's JavaScript against the content pages'; each page's performance, FCP, LCP and
 *   (purchase pages) TBT against bare Next's (bench/bare-next) in the same run, with whether each goal holds
 *   (reports/bench-lighthouse.json; about 20 minutes on a quiet 2-core machine)
 *
 * BENCH_ONLY=purchase-load,fuzz runs a subset. The built shop is made once, for one SITE_URL, and shared.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureNginx, ensurePostgres, ensureWrk } from '../scripts/lib/machine.mjs';
// @ts-expect-error plain ESM helper shared with npm start and npm test
import { build, buildIsCurrent, ensureDependencies, root } from '../scripts/lib/project.mjs';

/** `needsPostgres`: runs on a real PostgreSQL, the one `npm test` uses (started when we may); the others on PGlite. */
const BENCHES: {
  name: string;
  file: string;
  nodeFlags?: string[];
  needsBuild: boolean;
  needsPostgres: boolean;
}[] = [
  {
    name: 'admin-transactions',
    file: 'admin-transactions.ts',
    nodeFlags: ['--expose-gc'],
    needsBuild: false,
    needsPostgres: true,
  },
  { name: 'purchase-load', file: 'purchase-load.ts', needsBuild: true, needsPostgres: true },
  { name: 'fuzz', file: 'fuzz.ts', needsBuild: true, needsPostgres: false },
  { name: 'crash', file: 'crash.ts', needsBuild: true, needsPostgres: true },
  { name: 'rolling-restart', file: 'rolling-restart.ts', needsBuild: true, needsPostgres: true },
  { name: 'page-cache', file: 'page-cache.ts', needsBuild: true, needsPostgres: false },
  // Plain JavaScript run by Node: Lighthouse cannot run under tsx (scripts/lib/lighthouse.mjs says why).
  { name: 'lighthouse', file: 'lighthouse.mjs', needsBuild: true, needsPostgres: false },
];

const say = (line = '') => process.stdout.write(`${line}\n`);

async function main() {
  await ensureDependencies();
  process.env.SITE_URL ??= 'http://localhost:3100';
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const chosen = BENCHES.filter((bench) => !only || only.includes(bench.name));
  if (chosen.some((bench) => bench.needsPostgres)) await ensurePostgres();
  // The rolling restart and the page cache run the documented nginx site in front of their servers.
  if (chosen.some((bench) => ['rolling-restart', 'page-cache'].includes(bench.name))) await ensureNginx();
  if (chosen.some((bench) => bench.name === 'page-cache')) await ensureWrk();
  if (chosen.some((bench) => bench.needsBuild) && !buildIsCurrent() && (await build()) !== 0) {
    throw new Error('the build failed');
  }
  const outcomes: string[] = [];
  for (const bench of chosen) {
    say(`\n=== bench: ${bench.name} ===`);
    const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
    const nodeArguments = [...(bench.nodeFlags ?? []), path.join('bench', bench.file)];
    const [command, args] = bench.file.endsWith('.mjs')
      ? [process.execPath, nodeArguments]
      : [tsx, ['--conditions=react-server', ...nodeArguments]];
    const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    outcomes.push(
      `${bench.name}: ${run.status === 0 ? 'reported' : `stopped (exit ${run.status ?? run.signal})`}`,
    );
  }
  say(`\n${outcomes.join('\n')}`);
}

main().catch((error: unknown) => {
  say(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
