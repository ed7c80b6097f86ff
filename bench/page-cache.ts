/**
 * The page cache of the documented nginx (docs/decisions/0025-public-pages-micro-cached.md): `/ro/faq` requests per
 * second through nginx running docs/deploy/nginx-site.conf (TLS and its page cache, as visitors reach it) against the
 * same built server alone (plain HTTP, answered from Next's own cache), in the same run. wrk, 64 connections, gzip,
 * PAGE_CACHE_ROUNDS (default 3) interleaved rounds of PAGE_CACHE_SECONDS (default 10) each; the medians' ratio
 * against the goal of 20×. Writes reports/bench-page-cache.json. Not a test: nothing here passes or fails.
 * Ports: the server 3580, nginx 3581 (HTTP) and 3582 (HTTPS). Needs nginx and wrk (`npm run bench` installs both
 * as root).
 *
 *   npx tsx --conditions=react-server bench/page-cache.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { httpsRequest, prepareNginx } from '../tests/e2e/support/nginx';
import { startShop, waitUntilHealthy } from '../tests/e2e/support/shop-process';

const PAGE = '/ro/faq';
const PORTS = { server: 3580, http: 3581, https: 3582 };
const ROUNDS = Number(process.env.PAGE_CACHE_ROUNDS ?? 3);
const SECONDS = Number(process.env.PAGE_CACHE_SECONDS ?? 10);
/** The goal: nginx serves the page at least this many times what the server alone does. */
const GOAL = 20;

const say = (line = '') => process.stdout.write(`${line}\n`);

interface Load {
  requestsPerSecond: number;
  /** Answers other than 2xx or 3xx, and wrk's socket errors (connect, read, write, timeout). */
  failed: number;
}

/** Run as a child of its own, not synchronously: this process must keep reading the server's output meanwhile. */
async function wrk(url: string): Promise<Load> {
  const child = spawn('wrk', ['-t2', '-c64', `-d${SECONDS}s`, '-H', 'Accept-Encoding: gzip', url]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (status !== 0) throw new Error(`wrk failed on ${url}: ${output}`);
  const socketErrors = /Socket errors:([^\n]*)/.exec(output)?.[1] ?? '';
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]),
    failed:
      Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0) +
      [...socketErrors.matchAll(/\d+/g)].reduce((sum, [count]) => sum + Number(count), 0),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  if (spawnSync('sh', ['-c', 'command -v wrk']).status !== 0) throw new Error('wrk is not installed');
  const shop = startShop(PORTS.server, {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'road-bench-page-cache-')),
    LOG_LEVEL: 'warn',
    TRUSTED_PROXY_HOPS: '1',
    // Every request comes from one address here: no limit of the shop's may shape what is measured.
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  const nginx = prepareNginx({
    upstreams: [{ port: PORTS.server }],
    httpPort: PORTS.http,
    httpsPort: PORTS.https,
  });
  try {
    await waitUntilHealthy(shop, 600_000);
    nginx.start();
    const origin = `http://127.0.0.1:${PORTS.server}${PAGE}`;
    const throughNginx = `${nginx.httpsUrl}${PAGE}`;
    // Both warm: the server holds its prerendered page, nginx its copy of it.
    const fromOrigin = await fetch(origin);
    const seen = { status: fromOrigin.status, cacheControl: fromOrigin.headers.get('cache-control') };
    let cacheStatus: unknown;
    for (let attempt = 0; attempt < 50 && cacheStatus !== 'HIT'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      cacheStatus = await httpsRequest(throughNginx, { certificate: nginx.certificate }).then(
        (answer) => answer.headers['x-cache-status'],
        () => undefined,
      );
    }
    say(
      `${PAGE}: the server says ${seen.status}, "${seen.cacheControl}"; nginx answers ${String(cacheStatus)}`,
    );

    const rounds: { origin: Load; nginx: Load }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const alone = await wrk(origin);
      const behind = await wrk(throughNginx);
      rounds.push({ origin: alone, nginx: behind });
      say(
        `  round ${round}: server alone ${alone.requestsPerSecond.toFixed(0)}/s, through nginx ` +
          `${behind.requestsPerSecond.toFixed(0)}/s (failed: ${alone.failed} and ${behind.failed})`,
      );
    }
    const originMedian = median(rounds.map((round) => round.origin.requestsPerSecond));
    const nginxMedian = median(rounds.map((round) => round.nginx.requestsPerSecond));
    const ratio = nginxMedian / originMedian;
    const holds = ratio >= GOAL && rounds.every((round) => round.origin.failed + round.nginx.failed === 0);
    const report = {
      generatedAt: new Date().toISOString(),
      page: PAGE,
      load: { tool: 'wrk', threads: 2, connections: 64, seconds: SECONDS, gzip: true },
      serverAnswer: seen,
      nginxCacheStatusBeforeLoad: cacheStatus ?? null,
      rounds,
      medianRequestsPerSecond: { serverAlone: originMedian, throughNginx: nginxMedian },
      ratio: Number(ratio.toFixed(2)),
      goal: GOAL,
      holds,
    };
    const out = path.join(process.cwd(), 'reports', 'bench-page-cache.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    say(
      `${PAGE} through nginx: ${nginxMedian.toFixed(0)}/s against ${originMedian.toFixed(0)}/s from the server ` +
        `alone (median of ${ROUNDS}): ${ratio.toFixed(1)}× (goal ≥ ${GOAL}×: ${holds ? 'holds' : 'does not hold'})`,
    );
    say(`Report: ${out}`);
  } finally {
    await nginx.stop();
    await shop.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
