import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { httpsRequest, prepareNginx, ReusedConnectionClosed, type Nginx } from './nginx';
import { createDatabase, withDb } from './postgres';
import { uniquePlate, vignetteOrderBody, waitFor } from './shop-client';
import { brokenPromises, readLedger, type Ledger } from './shop-ledger';
import { copyOfBuild, startBuiltServer, type ShopProcess } from './shop-process';
import { startSmtpSink } from './smtp-sink';
import { XSRF_HEADERS } from './xsrf';

/**
 * A release rolled under load, as docs/deploy.md ("The order of a release") tells an operator to roll it: nginx
 * (docs/deploy/nginx-site.conf) in front of two built servers on one PostgreSQL, buyers buying through nginx the whole
 * time, and each server in turn taken out of nginx's pool (reload), stopped with SIGTERM, started again, waited for
 * until `/api/health/ready` answers 200, and put back. With `newMigration`, the restarted servers run a new release:
 * a copy of the build with one more migration (a column added), which the first of them applies while the other
 * still serves with the old code.
 *
 * Judged from outside afterwards: every purchase request answered as a buyer expects, every paid order fulfilled
 * once, invoiced once and e-mailed once (tests/e2e/support/shop-ledger.ts), every e-Factura upload accepted (none left
 * UPLOADING, the state a cut upload leaves), every server exited 0 within its shutdown timeout.
 * Used by tests/e2e/rolling-restart.spec.ts (20 buyers) and bench/rolling-restart.ts (50).
 */
export interface RollingRestartOptions {
  buyers: number;
  /** How long the buyers buy; the restarts happen within it (it is stretched if they take longer). */
  seconds: number;
  newMigration: boolean;
  ports: { servers: [number, number]; http: number; https: number; smtp: number };
  log?: (line: string) => void;
}

export interface ServerRestart {
  port: number;
  release: 'same' | 'new';
  /** From SIGTERM to the process's exit. */
  stopSeconds: number;
  exitCode: number;
  shutdownLogged: boolean;
  /** From the start to `/api/health/ready` answering 200. */
  readySeconds: number;
}

export interface RollingRestartReport {
  buyers: number;
  seconds: number;
  newMigration: boolean;
  /** Purchases that went through: quote, order, card form. */
  purchases: number;
  requests: number;
  failedRequests: string[];
  /** Requests answered while one server ran the old code and the other the new release (0 without a migration). */
  requestsDuringMixedRelease: number;
  /** Requests a buyer's browser sent again because nginx closed their kept-alive connection at a reload. */
  requestsResentOnNewConnection: number;
  /** Each nginx reload, seconds from the buyers' start: from the signal until its old workers were gone (and grace). */
  reloads: { fromSeconds: number; toSeconds: number }[];
  restarts: ServerRestart[];
  /** From the buyers' last request until every order was delivered, e-mailed and accepted by e-Factura. */
  settleSeconds: number;
  shutdownTimeoutSeconds: number;
  migrationApplied: boolean | null;
  efactura: Record<string, number>;
  ordersPaidMoreThanOnce: number;
  ledger: Ledger;
  broken: string[];
  /** The servers' warnings and errors, for a failing run's reader. */
  serverComplaints: string[];
  nginxErrors: string[];
  latencyMs: { p50: number; p99: number; max: number };
}

const SHUTDOWN_TIMEOUT_SECONDS = 30;
const SETTLE_MS = 300_000;
/**
 * A buyer's pause between two requests (reading the page, typing the card): the run is about restarts under a steady
 * load, not the most a machine can take, which would only grow the jobs' backlog for the settle to wait on.
 */
const THINK_MS = 300;
/** Load before the first restart, and between and after the restarts, so both servers serve under it each time. */
const LOAD_BETWEEN_MS = 8_000;
export const PROBE_COLUMN = 'rolling_restart_probe';

export async function runRollingRestart(options: RollingRestartOptions): Promise<RollingRestartReport> {
  const log = options.log ?? (() => {});
  const database = await createDatabase('shop_roll');
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-roll-mail-'));
  const sink = startSmtpSink(options.ports.smtp, mailDir);
  const [portA, portB] = options.ports.servers;
  const nginx = prepareNginx({
    upstreams: [{ port: portA }, { port: portB }],
    httpPort: options.ports.http,
    httpsPort: options.ports.https,
  });
  const release = options.newMigration ? newRelease() : null;
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: undefined,
    SITE_URL: nginx.httpsUrl,
    TRUSTED_PROXY_HOPS: '1',
    // The shop's own calls through nginx (the sandbox provider's notifications) trust the test's certificate.
    NODE_EXTRA_CA_CERTS: nginx.certificateFile,
    SMTP_URL: `smtp://127.0.0.1:${options.ports.smtp}`,
    // Every buyer comes through one nginx on one address.
    RATE_LIMIT_MULTIPLIER: '1000',
    EFACTURA_PROVIDER: 'sandbox',
    EFACTURA_SANDBOX_SECONDS: '0',
    SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    LOG_LEVEL: 'info',
  };
  const servers = new Map<number, ShopProcess>();
  const everyServer: ShopProcess[] = [];
  const start = (port: number, cwd?: string) => {
    const server = startBuiltServer(port, env, [], cwd);
    servers.set(port, server);
    everyServer.push(server);
    return server;
  };
  /** What the servers logged as a warning or an error (JSON lines of level 40 and above), and what they printed to stderr. */
  const serverComplaints = () =>
    everyServer.flatMap((server) => [
      ...server
        .standardOutput()
        .split('\n')
        .filter((line) => /"level":(4|5|6)\d/.test(line)),
      ...server.errorOutput().split('\n').filter(Boolean),
    ]);
  const agent = new https.Agent({ keepAlive: true, maxSockets: options.buyers + 4, ca: nginx.certificate });
  // A request sent again goes on a connection of its own, as a browser's does: another idle one from the pool may
  // have been closed by the same reload.
  const newConnection = new https.Agent({ keepAlive: false, ca: nginx.certificate });
  let buyersStarted = Date.now();
  const secondsSinceStart = () => Math.round((Date.now() - buyersStarted) / 100) / 10;
  let stopping = false;
  let mixedRelease = false;
  /**
   * While nginx reloads (from the signal until its old workers are gone), with five seconds' grace after: a clean-clone
   * run saw a card-form POST on a fresh connection hang up outside the one-second grace this had before.
   */
  let reloading = false;
  const reloads: RollingRestartReport['reloads'] = [];
  const setUpstreams = async (upstreams: Parameters<Nginx['setUpstreams']>[0]) => {
    reloading = true;
    const fromSeconds = secondsSinceStart();
    try {
      await nginx.setUpstreams(upstreams);
      await sleep(5_000);
    } finally {
      reloading = false;
      reloads.push({ fromSeconds, toSeconds: secondsSinceStart() });
    }
  };
  const figures = {
    purchases: 0,
    requests: 0,
    mixed: 0,
    resent: 0,
    failed: [] as string[],
    latencies: [] as number[],
  };
  /** A buyer's browser: a request that met a kept-alive connection closed under it is sent again, once. */
  const send = async (method: string, urlPath: string, body: string, headers: Record<string, string>) => {
    try {
      return await through(nginx, agent, method, urlPath, body, headers);
    } catch (error) {
      // Also a connection closed before any answer while nginx reloads: its old workers close the connections they
      // accepted but had not read a request from yet, and nothing was done with it.
      const closedByReload =
        reloading && error instanceof Error && /socket hang up|ECONNRESET/.test(error.message);
      if (!(error instanceof ReusedConnectionClosed) && !closedByReload) throw error;
      figures.resent++;
      return through(nginx, newConnection, method, urlPath, body, headers);
    }
  };

  try {
    start(portA);
    start(portB);
    await Promise.all([portA, portB].map((port) => waitUntilReady(servers.get(port)!, port)));
    nginx.start();
    await waitFor(
      async () =>
        (await through(nginx, agent, 'GET', '/api/health').catch(() => ({ status: 0 }))).status === 200,
      30_000,
      () => 'nginx did not come up',
    );

    const buy = async (buyer: number) => {
      for (let purchase = 0; !stopping; purchase++) {
        const body = vignetteOrderBody(
          uniquePlate(buyer * 1000 + purchase),
          `roll-${buyer}-${purchase}@example.ro`,
        );
        const step = async (
          name: string,
          method: string,
          urlPath: string,
          payload: string,
          expected: number[],
          headers = {},
        ) => {
          const started = performance.now();
          figures.requests++;
          if (mixedRelease) figures.mixed++;
          try {
            await sleep(THINK_MS);
            const answer = await send(method, urlPath, payload, headers);
            figures.latencies.push(performance.now() - started);
            if (!expected.includes(answer.status)) {
              figures.failed.push(`${name} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
              return null;
            }
            return answer;
          } catch (error) {
            figures.failed.push(
              `${name} failed at ${secondsSinceStart()} s${reloading ? ', during a reload' : ''}: ${String(error)}`,
            );
            return null;
          }
        };
        const json = { 'content-type': 'application/json', ...XSRF_HEADERS };
        const quoted = await step(
          'quote',
          'POST',
          '/api/nmps/orders/quote',
          JSON.stringify({ items: body.items }),
          [200],
          json,
        );
        if (!quoted) continue;
        const ordered = await step(
          'order',
          'POST',
          '/api/nmps/orders/order',
          JSON.stringify(body),
          [200, 201],
          {
            ...json,
            'idempotency-key': randomUUID(),
          },
        );
        if (!ordered) continue;
        const paymentUrl = (JSON.parse(ordered.body) as { paymentUrl: string | null }).paymentUrl;
        if (!paymentUrl) {
          figures.failed.push(`order answered without a payment: ${ordered.body.slice(0, 200)}`);
          continue;
        }
        const ntpId = new URL(paymentUrl).pathname.split('/').pop()!;
        const paid = await step(
          'card form',
          'POST',
          '/api/payments/sandbox/pay',
          new URLSearchParams({
            ntpId,
            cardNumber: '9900004810225098',
            cvv: '111',
            expiry: '12/30',
          }).toString(),
          [303],
          { 'content-type': 'application/x-www-form-urlencoded' },
        );
        if (paid) figures.purchases++;
      }
    };
    const started = Date.now();
    buyersStarted = started;
    const buyers = Promise.all(Array.from({ length: options.buyers }, (_, buyer) => buy(buyer)));

    // The rolling restart, as docs/deploy.md says: out of the pool, SIGTERM, start, ready, back in; one at a time.
    const restarts: ServerRestart[] = [];
    await sleep(LOAD_BETWEEN_MS);
    for (const port of [portB, portA]) {
      const other = port === portA ? portB : portA;
      await setUpstreams([{ port: other }, { port, down: true }]);
      const server = servers.get(port)!;
      const stopStarted = Date.now();
      const exitCode = await server.stop();
      const stopSeconds = (Date.now() - stopStarted) / 1000;
      const shutdownLogged = server.standardOutput().includes('shutdown finished');
      log(`server ${port} stopped in ${stopSeconds.toFixed(1)} s (exit ${exitCode})`);
      const restartStarted = Date.now();
      const restarted = start(port, release?.dir);
      await waitUntilReady(restarted, port);
      const readySeconds = (Date.now() - restartStarted) / 1000;
      restarts.push({
        port,
        release: release ? 'new' : 'same',
        stopSeconds,
        exitCode,
        shutdownLogged,
        readySeconds,
      });
      log(
        `server ${port} ready again in ${readySeconds.toFixed(1)} s${release ? ' on the new release' : ''}`,
      );
      await setUpstreams([{ port: portA }, { port: portB }]);
      // With a new release, the other server still runs the old code on the migrated schema until its own turn.
      mixedRelease = release !== null && port === portB;
      await sleep(LOAD_BETWEEN_MS);
    }
    mixedRelease = false;
    const remaining = options.seconds * 1000 - (Date.now() - started);
    if (remaining > 0) await sleep(remaining);
    stopping = true;
    await buyers;
    const seconds = Math.round((Date.now() - started) / 1000);
    log(`${figures.purchases} purchases in ${seconds} s, ${figures.failed.length} failed requests; settling`);
    for (const failure of figures.failed) log(`failed: ${failure}`);

    let ledger: Ledger | undefined;
    let efactura: Record<string, number> = {};
    const settleStarted = Date.now();
    // A backlog left when time runs out is a broken promise the report names (the bench records it; the test fails).
    const unsettled = await waitFor(
      async () => {
        ledger = await readLedger(database.url, mailDir);
        efactura = await efacturaStatuses(database.url);
        return (
          !ledger.paidNotFulfilled.length &&
          !ledger.inFlight &&
          !ledger.outboxUnsent &&
          ledger.outboxRowsWithoutMail === 0 &&
          Object.keys(efactura).every((status) => status === 'ACCEPTED' || status === 'REJECTED')
        );
      },
      SETTLE_MS,
      () =>
        `the jobs did not settle: ${JSON.stringify({ ...ledger, paidNotFulfilled: ledger?.paidNotFulfilled.length, efactura })}`,
    ).then(
      () => null,
      (error: unknown) => String(error),
    );
    const settleSeconds = Math.round((Date.now() - settleStarted) / 1000);
    log(`settled in ${settleSeconds} s`);
    const broken = brokenPromises(ledger!, 0);
    if (unsettled) broken.unshift(unsettled);
    if (efactura.REJECTED) broken.push(`${efactura.REJECTED} e-Factura uploads rejected`);
    const ordersPaidMoreThanOnce = await paidMoreThanOnce(database.url);
    if (ordersPaidMoreThanOnce) broken.push(`${ordersPaidMoreThanOnce} orders paid more than once`);
    const sorted = [...figures.latencies].sort((a, b) => a - b);
    const at = (p: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);
    return {
      buyers: options.buyers,
      seconds,
      newMigration: options.newMigration,
      purchases: figures.purchases,
      requests: figures.requests,
      failedRequests: figures.failed,
      requestsDuringMixedRelease: figures.mixed,
      requestsResentOnNewConnection: figures.resent,
      reloads,
      restarts,
      settleSeconds,
      shutdownTimeoutSeconds: SHUTDOWN_TIMEOUT_SECONDS,
      migrationApplied: release ? await hasProbeColumn(database.url) : null,
      efactura,
      ordersPaidMoreThanOnce,
      ledger: ledger!,
      broken,
      serverComplaints: serverComplaints(),
      nginxErrors: nginx.errorLog().split('\n').filter(Boolean),
      latencyMs: { p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) },
    };
  } finally {
    stopping = true;
    agent.destroy();
    newConnection.destroy();
    await nginx.stop();
    await Promise.all([...servers.values()].map((server) => server.stop()));
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    await database.drop();
    fs.rmSync(mailDir, { recursive: true, force: true });
    release?.remove();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function through(
  nginx: Nginx,
  agent: https.Agent,
  method: string,
  urlPath: string,
  body?: string,
  headers = {},
) {
  return httpsRequest(`${nginx.httpsUrl}${urlPath}`, {
    certificate: nginx.certificate,
    agent,
    method,
    body,
    headers,
  });
}

/** `/api/health/ready` answers 200 on the server's own port (what a deploy script waits for before the next). */
async function waitUntilReady(server: ShopProcess, port: number) {
  await waitFor(
    async () => {
      if (server.child.exitCode !== null)
        throw new Error(`the server on ${port} exited:\n${server.output().slice(-3000)}`);
      const answer = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
      return answer?.status === 200;
    },
    120_000,
    () => `the server on ${port} did not become ready:\n${server.output().slice(-3000)}`,
  );
}

/** The next release: {@link copyOfBuild} plus one new migration that adds a column. */
function newRelease(): { dir: string; remove(): void } {
  const { dir, remove } = copyOfBuild();
  const journalFile = path.join(dir, 'drizzle', 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_${PROBE_COLUMN}`;
  fs.writeFileSync(
    path.join(dir, 'drizzle', `${tag}.sql`),
    `ALTER TABLE "orders" ADD COLUMN "${PROBE_COLUMN}" text;\n`,
  );
  journal.entries.push({ ...last, idx, tag, when: Math.max(Date.now(), last.when + 1) });
  fs.writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
  return { dir, remove };
}

const efacturaStatuses = (databaseUrl: string) =>
  withDb(databaseUrl, async (db) => {
    const rows = await db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from efactura_submissions group by status',
    );
    return Object.fromEntries(rows.rows.map((row) => [row.status, row.n]));
  });

const paidMoreThanOnce = (databaseUrl: string) =>
  withDb(databaseUrl, async (db) => {
    const rows = await db.query<{ n: number }>(`
      select count(*)::int as n from (
        select split_part(order_id, '.', 1) from sandbox_payments where status in (3, 5)
        group by 1 having count(*) > 1) twice`);
    return rows.rows[0]!.n;
  });

const hasProbeColumn = (databaseUrl: string) =>
  withDb(databaseUrl, async (db) => {
    const rows = await db.query(
      "select 1 from information_schema.columns where table_name = 'orders' and column_name = $1",
      [PROBE_COLUMN],
    );
    return rows.rows.length === 1;
  });
