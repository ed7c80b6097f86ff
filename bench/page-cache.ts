/**
 * A cached public page's cost, measured in the same run, each ratio against its goal:
 *
 * - **the server's cached page**: `/ro/faq` from the built server alone (plain HTTP; answered from its own page cache,
 *   lib/server/page-cache.ts) against the very same bytes placed in the release's `public/` and served by Next as a
 *   static file: goal ≥ 0.9×. Beside it, for the record, the same page answered by Next's own path (a second server
 *   of the same release with `PAGE_CACHE=off`: routing, the proxy, Next's cache read, ETag and compression per request).
 * - **the documented nginx** (docs/decisions/0025-public-pages-micro-cached.md): `/ro/faq` through nginx running
 *   docs/deploy/nginx-site.conf (TLS and its page cache, as visitors reach it) against the page answered by Next's
 *   own path: goal ≥ 20×. Beside it, nginx against the server with its page cache (nginx then adds TLS, not speed).
 *
 * wrk, 64 connections, gzip, PAGE_CACHE_ROUNDS (default 3) interleaved rounds of PAGE_CACHE_SECONDS (default 10)
 * each; ratios of the medians. A ratio does not hold when the load it measures lost a request (an answer other than
 * 2xx or 3xx, a socket error, or one of wrk's 2 s timeouts); the server against `public/` does not hold either when
 * `public/` lost one. nginx against Next's own path is judged as a lower bound: each request Next's own path lost is
 * counted as if served, and the line says so and how many (bench/page-cache-verdict.ts). Each round prints the
 * slowest answer of each load (wrk `--latency`); WRK_VERBOSE=1 prints wrk's whole output, WRK_TIMEOUT (e.g. `30s`)
 * sets its timeout.
 *
 * Every load's connections are open before its first request (bench/wrk-connections-first.lua): what 64 visitors on
 * open connections, or nginx's upstream connections, see. wrk alone opens all 64 at once and sends each one's first
 * request at once; a busy Node server takes one new connection from its listen queue per turn of its event loop (the
 * queue measured at 63, drained one a turn), so the last ones waited 2-4 s to be accepted and wrk counted their first
 * requests as timeouts, though the server answered each request in under 300 ms once it had it (Next's own path lost
 * 2-17 per round so). WRK_BURST=1 measures that way again.
 *
 * Both servers run from a release folder of the build (tests/e2e/support/shop-process.ts `copyOfBuild`) whose
 * `public/` is a copy with the page's bytes added. Writes reports/bench-page-cache.json. Not a test: nothing here
 * passes or fails.
 * Ports: the servers 3580 and 3583, nginx 3581 (HTTP) and 3582 (HTTPS). Needs nginx and wrk (`npm run bench`
 * installs both as root).
 *
 *   npx tsx --conditions=react-server bench/page-cache.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { httpsRequest, prepareNginx } from '../tests/e2e/support/nginx';
import { copyOfBuild, startBuiltServer, waitUntilHealthy } from '../tests/e2e/support/shop-process';
import { describeVerdict, judgeRatio, type Load } from './page-cache-verdict';

const PAGE = '/ro/faq';
/** The page's bytes as a file of `public/`: what Next serves without running any code of the shop's. */
const SAME_BYTES_FILE = 'bench-same-bytes-faq.html';
const PORTS = { server: 3580, nextOnly: 3583, http: 3581, https: 3582 };
const ROUNDS = Number(process.env.PAGE_CACHE_ROUNDS ?? 3);
const THREADS = 2;
const CONNECTIONS = 64;
/** Every connection open before the first request (the script says why). */
const CONNECTIONS_FIRST = path.join(process.cwd(), 'bench', 'wrk-connections-first.lua');
const SECONDS = Number(process.env.PAGE_CACHE_SECONDS ?? 10);
/**
 * The goals: the server serves its cached page at least 0.9 times what it serves for the same bytes from `public/`;
 * nginx serves the page at least 20 times what Next's own path does.
 */
const GOAL = { nginx: 20, requestPath: 0.9 } as const;

const say = (line = '') => process.stdout.write(`${line}\n`);

/** A wrk duration: `850.00us`, `67.92ms`, `1.99s`, `1.02m`, in milliseconds. */
const milliseconds = (value: string | undefined) => {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value ?? '');
  if (!match) return Number.NaN;
  return Number(match[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
};

interface WrkLoad extends Load {
  /** Latency of the requests answered, from wrk's `--latency`. */
  latencyMs: { p50: number; p99: number; max: number };
}

/** Run as a child of its own, not synchronously: this process must keep reading the server's output meanwhile. */
async function wrk(url: string): Promise<WrkLoad> {
  const child = spawn('wrk', [
    `-t${THREADS}`,
    `-c${CONNECTIONS}`,
    `-d${SECONDS}s`,
    '--latency',
    ...(process.env.WRK_TIMEOUT ? ['--timeout', process.env.WRK_TIMEOUT] : []),
    ...(process.env.WRK_BURST ? [] : ['-s', CONNECTIONS_FIRST]),
    '-H',
    'Accept-Encoding: gzip',
    url,
    '--',
    String(CONNECTIONS / THREADS),
  ]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (status !== 0) throw new Error(`wrk failed on ${url}: ${output}`);
  if (process.env.WRK_VERBOSE) say(`[${new Date().toISOString()}] ${url}\n${output}`);
  const socketErrors = /Socket errors:([^\n]*)/.exec(output)?.[1] ?? '';
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]),
    failed:
      Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0) +
      [...socketErrors.matchAll(/\d+/g)].reduce((sum, [count]) => sum + Number(count), 0),
    seconds: milliseconds(/requests in ([\d.]+\w+),/.exec(output)?.[1]) / 1000,
    latencyMs: {
      p50: milliseconds(/^\s+50%\s+(\S+)/m.exec(output)?.[1]),
      p99: milliseconds(/^\s+99%\s+(\S+)/m.exec(output)?.[1]),
      max: milliseconds(/^\s+Latency\s+\S+\s+\S+\s+(\S+)/m.exec(output)?.[1]),
    },
  };
}

async function main() {
  if (spawnSync('sh', ['-c', 'command -v wrk']).status !== 0) throw new Error('wrk is not installed');
  const release = copyOfBuild();
  const publicDir = path.join(release.dir, 'public');
  fs.rmSync(publicDir);
  fs.cpSync(path.join(process.cwd(), 'public'), publicDir, { recursive: true });
  // A placeholder now, so the server knows the file from its start; the page's bytes are written once it answers.
  fs.writeFileSync(path.join(publicDir, SAME_BYTES_FILE), '');
  const serverEnv = (pageCache: 'on' | 'off') => ({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'road-bench-page-cache-')),
    LOG_LEVEL: 'warn',
    TRUSTED_PROXY_HOPS: '1',
    // Every request comes from one address here: no limit of the shop's may shape what is measured.
    RATE_LIMIT_MULTIPLIER: '1000',
    PAGE_CACHE: pageCache,
  });
  const shop = startBuiltServer(PORTS.server, serverEnv('on'), [], release.dir);
  const nextOnly = startBuiltServer(PORTS.nextOnly, serverEnv('off'), [], release.dir);
  const nginx = prepareNginx({
    upstreams: [{ port: PORTS.server }],
    httpPort: PORTS.http,
    httpsPort: PORTS.https,
  });
  try {
    await waitUntilHealthy(shop, 600_000);
    await waitUntilHealthy(nextOnly, 600_000);
    nginx.start();
    const origin = `http://127.0.0.1:${PORTS.server}${PAGE}`;
    const throughNext = `http://127.0.0.1:${PORTS.nextOnly}${PAGE}`;
    const throughNginx = `${nginx.httpsUrl}${PAGE}`;
    // Both warm: the server holds its prerendered page, nginx its copy of it.
    const fromOrigin = await fetch(origin);
    const seen = { status: fromOrigin.status, cacheControl: fromOrigin.headers.get('cache-control') };
    const pageBytes = Buffer.from(await fromOrigin.arrayBuffer());
    fs.writeFileSync(path.join(publicDir, SAME_BYTES_FILE), pageBytes);
    const sameBytes = `http://127.0.0.1:${PORTS.nextOnly}/${SAME_BYTES_FILE}`;
    await fetch(throughNext).then((answer) => answer.arrayBuffer());
    const staticAnswer = await fetch(sameBytes);
    const staticBytes = Buffer.from(await staticAnswer.arrayBuffer());
    if (!staticAnswer.ok || !staticBytes.equals(pageBytes))
      throw new Error(
        `${sameBytes} did not answer the page's ${pageBytes.length} bytes (${staticAnswer.status})`,
      );
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

    const rounds: { origin: WrkLoad; nextOwnPath: WrkLoad; sameBytesFromPublic: WrkLoad; nginx: WrkLoad }[] =
      [];
    for (let round = 1; round <= ROUNDS; round++) {
      const alone = await wrk(origin);
      const next = await wrk(throughNext);
      const fromPublic = await wrk(sameBytes);
      const behind = await wrk(throughNginx);
      rounds.push({ origin: alone, nextOwnPath: next, sameBytesFromPublic: fromPublic, nginx: behind });
      say(
        `  round ${round}: the server ${alone.requestsPerSecond.toFixed(0)}/s, Next's own path ` +
          `${next.requestsPerSecond.toFixed(0)}/s, the same bytes from public/ ` +
          `${fromPublic.requestsPerSecond.toFixed(0)}/s, through nginx ${behind.requestsPerSecond.toFixed(0)}/s ` +
          `(failed: ${[alone, next, fromPublic, behind].map((load) => load.failed).join(', ')}; ` +
          `slowest answer: ${[alone, next, fromPublic, behind].map((load) => load.latencyMs.max.toFixed(0)).join(', ')} ms)`,
      );
    }
    const loads = (pick: (round: (typeof rounds)[number]) => WrkLoad) => rounds.map(pick);
    // The server against public/: strict, a lost request on either side fails it. nginx against Next's own path: a
    // request nginx lost fails it; one Next's own path lost counts as served, so the ratio is a lower bound
    // (bench/page-cache-verdict.ts).
    const requestPath = judgeRatio(
      loads((round) => round.origin),
      loads((round) => round.sameBytesFromPublic),
      GOAL.requestPath,
      { strict: true },
    );
    const throughNginxVerdict = judgeRatio(
      loads((round) => round.nginx),
      loads((round) => round.nextOwnPath),
      GOAL.nginx,
      { strict: false },
    );
    const originMedian = requestPath.measuredMedian;
    const staticMedian = requestPath.baselineMedian;
    const nginxMedian = throughNginxVerdict.measuredMedian;
    const nextMedian = throughNginxVerdict.baselineMedian;
    const ratio = throughNginxVerdict.ratio;
    const requestPathRatio = requestPath.ratio;
    const report = {
      generatedAt: new Date().toISOString(),
      page: PAGE,
      load: {
        tool: 'wrk',
        threads: THREADS,
        connections: CONNECTIONS,
        seconds: SECONDS,
        gzip: true,
        connectionsOpenFirst: !process.env.WRK_BURST,
      },
      serverAnswer: { ...seen, bytes: pageBytes.length },
      nginxCacheStatusBeforeLoad: cacheStatus ?? null,
      rounds,
      medianRequestsPerSecond: {
        serverAlone: originMedian,
        nextOwnPath: nextMedian,
        sameBytesFromPublic: staticMedian,
        throughNginx: nginxMedian,
      },
      requestPath: {
        ratio: Number(requestPathRatio.toFixed(2)),
        goal: GOAL.requestPath,
        holds: requestPath.holds,
        nextOwnPathRatio: Number((nextMedian / staticMedian).toFixed(2)),
      },
      nginxToServerWithItsCache: Number((nginxMedian / originMedian).toFixed(2)),
      ratio: Number(ratio.toFixed(2)),
      /** The ratio judged: with each request Next's own path lost counted as served (equal to ratio when none was). */
      lowerBound: Number(throughNginxVerdict.judgedRatio.toFixed(2)),
      lostByNextOwnPath: throughNginxVerdict.baselineLost,
      lostByNginx: throughNginxVerdict.measuredLost,
      goal: GOAL.nginx,
      holds: throughNginxVerdict.holds,
    };
    const out = path.join(process.cwd(), 'reports', 'bench-page-cache.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    say(
      `${PAGE} from the server: ${originMedian.toFixed(0)}/s against ${staticMedian.toFixed(0)}/s for the same ` +
        `${pageBytes.length} bytes from public/ (median of ${ROUNDS}): ${requestPathRatio.toFixed(2)}× ` +
        `(${describeVerdict(requestPath, GOAL.requestPath, { measured: 'the server', baseline: 'public/' })}); Next's own path ${nextMedian.toFixed(0)}/s, ` +
        `${(nextMedian / staticMedian).toFixed(2)}×`,
    );
    say(
      `${PAGE} through nginx: ${nginxMedian.toFixed(0)}/s against ${nextMedian.toFixed(0)}/s by Next's own path ` +
        `(median of ${ROUNDS}): ${ratio.toFixed(1)}× ` +
        `(${describeVerdict(throughNginxVerdict, GOAL.nginx, { measured: 'nginx', baseline: "Next's own path" })}); ` +
        `${(nginxMedian / originMedian).toFixed(2)}× the server with its page cache`,
    );
    say(`Report: ${out}`);
  } finally {
    await nginx.stop();
    await shop.stop();
    await nextOnly.stop();
    release.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
