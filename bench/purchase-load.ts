/**
 * The purchase under load: the BUILT shop as a real process (`npm start`) on a real PostgreSQL, with an
 * SMTP sink so that mail is really sent, driven by 50 concurrent buyers for a bounded time. Each buyer repeats
 * quote → order (which starts the provider's payment) → opening the payment form → the provider's paid
 * notification (signed with the sandbox provider's key, as the provider would) → delivery (the shop's fulfilment
 * job) → the e-mail (the outbox job, received by the sink).
 *
 * Baseline, measured in the same run at the same concurrency: `GET /api/health`, a bare `SELECT 1` round trip
 * through the same route wrapper. Each step is reported as p50/p99 and as a ratio of the baseline's, with the
 * orders started per second against the goal of 300 orders/s with p99 under 100 ms. Delivery and e-mail are
 * asynchronous: their time runs from the notification's answer to the FULFILLED event (server clock) and to the
 * message's arrival at the sink (same machine, same clock).
 *
 * The P4 figures: the server's ceiling for purchases is the baseline's requests per second divided by the requests
 * one buyer's purchase sends (counted, not assumed); the purchases completed per second against that ceiling (goal
 * ≥ 0.6), and the order request's p99 against the baseline's (goal ≤ 4). Where the time goes: the server runs under
 * --cpu-prof, and each thread's profile of the measured window is summed into buckets (cpu-profile-summary.ts).
 *
 * What each request costs: after the measured run, each request kind alone at the same concurrency (health, quote,
 * order, payment form, notification), and the background work the payments left, as the server's CPU per request
 * read from /proc (process-cpu.ts): the purchase's cost split by request, on the server's clock. With both, P4's
 * window is split (main-thread-shares.ts): the four requests at the window's rate against the main thread's busy time,
 * the rest being the background jobs, whose share moves P4 from run to run.
 *
 * Env: TEST_DATABASE_URL (default: the local test cluster), BENCH_SECONDS (20), BENCH_BUYERS (50),
 * BENCH_PORT (3600), BENCH_SMTP_PORT (2660), BENCH_CPU_PROF (the folder for the profiles, a fresh temporary one by
 * default; `off`: no profile, and the server is started by `npm start`, which rebuilds a stale build),
 * BENCH_STEP_SECONDS (5 s per request kind alone; BENCH_STEP_COSTS=off skips them).
 * Serves the build of SITE_URL (default http://localhost:$BENCH_PORT; npm start rebuilds when stale).
 * Writes reports/bench-purchase-load.json. Not a test: nothing here passes or fails.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { mainThreadShares } from './main-thread-shares';
import { cpuSince, readCpu, type CpuReading } from './process-cpu';
import {
  BUCKET_NAMES,
  BUCKETS,
  formatSummary,
  sourceMapLocator,
  summariseProfile,
  type Bucket,
  type CpuProfile,
} from './cpu-profile-summary';
import { DateTime } from 'luxon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildNotificationBody, signNotification } from '@/lib/payment-provider/netopia/notification';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { SANDBOX_POS_SIGNATURE } from '@/lib/payment-provider/sandbox/sandbox';
import { XSRF_COOKIE, XSRF_HEADER } from '@/lib/security/xsrf';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3600);
const SMTP_PORT = Number(process.env.BENCH_SMTP_PORT ?? 2660);
const BASELINE_SECONDS = Math.max(3, Math.round(SECONDS / 4));
const WARMUP_SECONDS = 3;
/** Each request kind alone, after the measured run (BENCH_STEP_SECONDS; BENCH_STEP_COSTS=off skips). */
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 5);
const SETTLE_MS = 90_000;
const GOAL = { ordersPerSecond: 300, p99Ms: 100 };
/** P4: purchases per second against the ceiling, and the order request's p99 against the baseline's. */
const P4 = { ofCeiling: 0.6, orderP99VsBaseline: 4 };
const LOCAL_URL = 'postgres://shop_test:shop_test@127.0.0.1:5432/postgres';
process.env.TEST_DATABASE_URL ??= LOCAL_URL;

const say = (line = '') => process.stdout.write(`${line}\n`);
const XSRF = 'bench-xsrf-token';
const STEPS = ['quote', 'order', 'paymentForm', 'notification', 'delivery', 'email'] as const;
type Step = (typeof STEPS)[number];

// ---------------------------------------------------------------------------------------------------------
// HTTP: node:http with keep-alive costs the client less CPU than fetch, and the client shares the two cores.
// ---------------------------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: BUYERS + 8 });

function call(
  method: string,
  urlPath: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path: urlPath,
        agent,
        headers: {
          cookie: `${XSRF_COOKIE}=${XSRF}`,
          [XSRF_HEADER]: XSRF,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const round = (value: number, places = 1) => Number(value.toFixed(places));

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? NaN),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------------

// Plates the Romanian rules accept: county B, 3 digits, 3 letters without Q and not starting with I or O.
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const plateOf = (n: number) =>
  `B${String(100 + (n % 900))}${LETTERS[n % 23]}${LETTERS[Math.floor(n / 23) % 23]}${LETTERS[Math.floor(n / 529) % 23]}`;

async function main() {
  const { createDatabase } = await import('../tests/e2e/support/postgres');
  const { startShop, waitUntilHealthy } = await import('../tests/e2e/support/shop-process');

  const database = await createDatabase('bench_purchase');
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });

  // The sink: each buyer has an address of its own, so a message's arrival is matched to its order.
  const mailArrivals = new Map<string, number>();
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (!mailArrivals.has(address.address)) mailArrivals.set(address.address, performance.now());
      callback();
    },
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => sink.listen(SMTP_PORT, '127.0.0.1', resolve));

  const profileDir =
    process.env.BENCH_CPU_PROF === 'off'
      ? undefined
      : (process.env.BENCH_CPU_PROF ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-purchase-profile-')));
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-purchase-')),
    SITE_URL: process.env.SITE_URL ?? `http://localhost:${PORT}`,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_FROM: 'shop@bench.example',
    RATE_LIMIT_MULTIPLIER: '1000',
    PAYMENT_PROVIDER: 'sandbox',
  };
  // Profiling: `next start` itself under --cpu-prof (NODE_OPTIONS refuses it), on the build npm start would use.
  const shop = profileDir
    ? startShop(PORT, env, ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`])
    : startShop(PORT, env);
  const cleanups: (() => Promise<unknown>)[] = [
    () => shop.stop(),
    () => new Promise<void>((resolve) => sink.close(() => resolve())),
    () => sql.end(),
    () => database.drop(),
  ];
  const cleanup = async () => {
    agent.destroy();
    for (const step of cleanups) await step().catch(() => {});
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    say(
      `Starting the built shop on port ${PORT} (PostgreSQL database of its own, SMTP sink on ${SMTP_PORT}) ...`,
    );
    await waitUntilHealthy(shop, 240_000);

    // Warm-up: every route once (Next compiles nothing at run time, but lazy modules and pools fill).
    const startDay = DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;
    const items = (n: number) => [
      { categoryCode: 'CAR', type: 'WEEK', startDate: startDay, plate: plateOf(n), country: 'RO' },
    ];
    for (let n = 0; n < 20; n++) await call('GET', '/api/health');
    // An unsigned notification is refused, but makes the sandbox provider generate its signing keys.
    await call('POST', '/api/payments/netopia/notify', '{}', { 'verification-token': 'none' });

    // --- the purchase
    // The bench plays the provider: it signs the paid notification with the sandbox provider's key.
    let privateKeyPem: string | undefined;
    let counter = 0;
    const providerKey = async () => {
      privateKeyPem ??= (
        await sql.query<{ value: string }>("select value from settings where key = 'sandbox.privateKey'")
      ).rows[0]?.value;
      return privateKeyPem!;
    };
    /** The provider's paid notification of an order, and its token, as the provider signs them. */
    const paidNotification = async (
      created: { orderId: string; amountRon: number; paymentUrl: string },
      ttlSeconds?: number,
    ) => {
      const body = buildNotificationBody({
        orderId: created.orderId,
        ntpId: decodeURIComponent(new URL(created.paymentUrl).pathname.split('/').pop()!),
        status: NETOPIA_STATUS.PAID,
        amountBani: created.amountRon,
        currency: 'RON',
        code: '00',
      });
      const token = await signNotification({
        body,
        privateKeyPem: await providerKey(),
        posSignature: SANDBOX_POS_SIGNATURE,
        ttlSeconds,
      });
      return { body, token };
    };
    /** 50 buyers buying for `seconds`; every step timed. */
    const drive = async (seconds: number) => {
      const samples: Record<Step, number[]> = {
        quote: [],
        order: [],
        paymentForm: [],
        notification: [],
        delivery: [],
        email: [],
      };
      const errors: Record<string, number> = {};
      const fail = (what: string, status: number) => {
        const key = `${what} ${status}`;
        errors[key] = (errors[key] ?? 0) + 1;
      };
      const paid: { orderId: string; email: string; notifiedAt: number; notifiedWall: number }[] = [];
      /** How many requests each completed purchase sent. */
      const requestsPerPurchase: number[] = [];
      let ordersStarted = 0;
      const timed = async <T>(step: Step, run: () => Promise<T>): Promise<T> => {
        const started = performance.now();
        const result = await run();
        samples[step].push(performance.now() - started);
        return result;
      };

      const runStarted = performance.now();
      const runEnd = runStarted + seconds * 1000;
      await Promise.all(
        Array.from({ length: BUYERS }, async () => {
          while (performance.now() < runEnd) {
            let requests = 0;
            const send: typeof call = (...args) => {
              requests++;
              return call(...args);
            };
            const n = counter++;
            const email = `buyer-${n}@bench.example`;
            const quote = await timed('quote', () =>
              send('POST', '/api/nmps/orders/quote', JSON.stringify({ items: items(n) })),
            );
            if (quote.status !== 200) {
              fail('quote', quote.status);
              continue;
            }
            const order = await timed('order', () =>
              send(
                'POST',
                '/api/nmps/orders/order',
                JSON.stringify({ items: items(n), email, locale: 'ro', acceptTerms: true }),
                { 'idempotency-key': `bench-${process.pid}-${n}` },
              ),
            );
            if (order.status !== 201) {
              fail('order', order.status);
              continue;
            }
            ordersStarted++;
            const created = JSON.parse(order.text) as {
              orderId: string;
              amountRon: number;
              paymentUrl: string;
            };
            const form = await timed('paymentForm', () => send('GET', new URL(created.paymentUrl).pathname));
            if (form.status !== 200) {
              fail('paymentForm', form.status);
              continue;
            }
            const { body, token } = await paidNotification(created);
            const notified = await timed('notification', () =>
              send('POST', '/api/payments/netopia/notify', body, { 'verification-token': token }),
            );
            const answer = JSON.parse(notified.text) as { errorType?: number };
            if (notified.status !== 200 || answer.errorType !== 0) {
              fail('notification', notified.status);
              continue;
            }
            paid.push({
              orderId: created.orderId,
              email,
              notifiedAt: performance.now(),
              notifiedWall: Date.now(),
            });
            requestsPerPurchase.push(requests);
          }
        }),
      );
      const runSeconds = (performance.now() - runStarted) / 1000;
      return { samples, errors, paid, ordersStarted, runSeconds, requestsPerPurchase };
    };
    /** Waits until every paid order's e-mail reached the sink, or the time is up. */
    const settle = async (paid: { email: string }[]) => {
      const settleEnd = performance.now() + SETTLE_MS;
      while (performance.now() < settleEnd && paid.some(({ email }) => !mailArrivals.has(email))) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };

    /**
     * Each request kind alone, at the same concurrency, for STEP_SECONDS: health, quotes, orders, the payment form
     * (of the orders just made, in turn) and the paid notification (once per order), then the background work
     * (delivery, invoice, e-mail, e-Factura) those payments left. The server's CPU per request (its process
     * group, its main thread) and the machine's (PostgreSQL and this client included), read from /proc.
     */
    const measureStepCosts = async () => {
      const pgid = shop.child.pid!;
      const made: { orderId: string; amountRon: number; paymentUrl: string; email: string }[] = [];
      const costOf = (
        requests: number,
        seconds: number,
        cpu: CpuReading,
        latencies: number[],
        window: { fromUs: number; toUs: number },
      ) => ({
        requests,
        window,
        requestsPerSecond: round(requests / seconds),
        serverMsPerRequest: round(cpu.groupMs / requests, 2),
        mainThreadMsPerRequest: round(cpu.mainThreadMs / requests, 2),
        machineMsPerRequest: round(cpu.machineMs / requests, 2),
        ...summary(latencies),
      });
      const costs: Record<string, ReturnType<typeof costOf>> = {};
      const phase = async (name: string, one: (worker: number) => Promise<boolean>) => {
        const latencies: number[] = [];
        let requests = 0;
        const before = readCpu(pgid);
        const fromUs = monotonicUs();
        const started = performance.now();
        const end = started + STEP_SECONDS * 1000;
        await Promise.all(
          Array.from({ length: BUYERS }, async (_, worker) => {
            while (performance.now() < end) {
              const sent = performance.now();
              if (!(await one(worker))) return;
              latencies.push(performance.now() - sent);
              requests++;
            }
          }),
        );
        const seconds = (performance.now() - started) / 1000;
        costs[name] = costOf(requests, seconds, cpuSince(before, readCpu(pgid)), latencies, {
          fromUs,
          toUs: monotonicUs(),
        });
      };
      say(`Each request kind alone, ${STEP_SECONDS} s each ...`);
      await phase('health', async () => (await call('GET', '/api/health')).status === 200);
      await phase('quote', async () => {
        const n = counter++;
        return (
          (await call('POST', '/api/nmps/orders/quote', JSON.stringify({ items: items(n) }))).status === 200
        );
      });
      await phase('order', async () => {
        const n = counter++;
        const email = `buyer-${n}@bench.example`;
        const order = await call(
          'POST',
          '/api/nmps/orders/order',
          JSON.stringify({ items: items(n), email, locale: 'ro', acceptTerms: true }),
          { 'idempotency-key': `bench-${process.pid}-${n}` },
        );
        if (order.status !== 201) return false;
        made.push({ ...(JSON.parse(order.text) as (typeof made)[number]), email });
        return true;
      });
      let next = 0;
      await phase(
        'paymentForm',
        async () =>
          (await call('GET', new URL(made[next++ % made.length]!.paymentUrl).pathname)).status === 200,
      );
      // Signed beforehand: the client's own signing must not share the phase's CPU.
      const notifications = await Promise.all(
        made.map(async (created) => {
          // Valid past the phase: signed now, sent within STEP_SECONDS.
          return { ...(await paidNotification(created, 600)), email: created.email };
        }),
      );
      let notified = 0;
      await phase('notification', async () => {
        const notification = notifications[notified++];
        if (!notification) return false;
        const answer = await call('POST', '/api/payments/netopia/notify', notification.body, {
          'verification-token': notification.token,
        });
        return answer.status === 200;
      });
      // What the payments left for the background jobs: counted until every e-mail arrived.
      const paidEmails = notifications.slice(0, Math.min(notified, notifications.length));
      const before = readCpu(pgid);
      const fromUs = monotonicUs();
      const started = performance.now();
      await settle(paidEmails);
      const settled = paidEmails.filter(({ email }) => mailArrivals.has(email)).length;
      costs.backgroundPerPurchase = costOf(
        paidEmails.length,
        (performance.now() - started) / 1000,
        cpuSince(before, readCpu(pgid)),
        [],
        { fromUs, toUs: monotonicUs() },
      );
      return { seconds: STEP_SECONDS, costs, settled };
    };

    // Warm-up: every step's code loaded, pools filled, the first jobs' start-up work done; figures discarded.
    say(`Warm-up: ${WARMUP_SECONDS} s ...`);
    await settle((await drive(WARMUP_SECONDS)).paid);

    // --- baseline: GET /api/health (SELECT 1 through apiHandler) at the same concurrency
    const baseline: number[] = [];
    let baselineErrors = 0;
    const baselineEnd = performance.now() + BASELINE_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        while (performance.now() < baselineEnd) {
          const started = performance.now();
          const { status } = await call('GET', '/api/health');
          if (status === 200) baseline.push(performance.now() - started);
          else baselineErrors++;
        }
      }),
    );

    say(`Baseline done (${baseline.length} health checks). ${BUYERS} buyers for ${SECONDS} s ...`);
    // The measured window on the profiles' clock (V8's profile times and hrtime are both CLOCK_MONOTONIC on Linux).
    const windowFromUs = monotonicUs();
    const { samples, errors, paid, ordersStarted, runSeconds, requestsPerPurchase } = await drive(SECONDS);
    const windowToUs = monotonicUs();

    // --- let delivery and mail settle, then read the FULFILLED events and the sink
    say(`Run done: ${ordersStarted} orders started, ${paid.length} paid. Waiting for delivery and mail ...`);
    await settle(paid);
    const { rows: fulfilled } = await sql.query<{ order_id: string; at: Date }>(
      "select order_id, min(created_at) as at from order_events where to_status = 'FULFILLED' group by order_id",
    );
    const fulfilledAt = new Map(fulfilled.map((row) => [row.order_id, row.at.getTime()]));
    for (const order of paid) {
      const at = fulfilledAt.get(order.orderId);
      if (at !== undefined) samples.delivery.push(Math.max(0, at - order.notifiedWall));
      const mailed = mailArrivals.get(order.email);
      if (mailed !== undefined) samples.email.push(mailed - order.notifiedAt);
    }

    // --- each request kind alone (BENCH_STEP_COSTS=off skips): what one request costs the server
    const stepCosts = process.env.BENCH_STEP_COSTS === 'off' ? undefined : await measureStepCosts();

    const base = summary(baseline);
    const steps = Object.fromEntries(
      STEPS.map((step) => {
        const figures = summary(samples[step]);
        return [
          step,
          {
            ...figures,
            p50VsBaseline: round(figures.p50Ms / base.p50Ms, 2),
            p99VsBaseline: round(figures.p99Ms / base.p99Ms, 2),
          },
        ];
      }),
    ) as Record<Step, ReturnType<typeof summary> & { p50VsBaseline: number; p99VsBaseline: number }>;
    // --- P4: the ceiling is what the baseline's throughput allows for the requests one purchase sends
    const baselineRequestsPerSecond = baseline.length / BASELINE_SECONDS;
    const purchaseRequests = requestsPerPurchase.length
      ? requestsPerPurchase.reduce((sum, count) => sum + count, 0) / requestsPerPurchase.length
      : NaN;
    const ceiling = baselineRequestsPerSecond / purchaseRequests;
    const purchasesPerSecond = paid.length / runSeconds;
    const ofCeiling = purchasesPerSecond / ceiling;
    const orderP99VsBaseline = steps.order.p99Ms / base.p99Ms;
    const p4 = {
      requestsPerPurchase: round(purchaseRequests, 2),
      ceilingPurchasesPerSecond: round(ceiling),
      purchasesPerSecond: round(purchasesPerSecond),
      ofCeiling: { value: round(ofCeiling, 2), goal: P4.ofCeiling, holds: ofCeiling >= P4.ofCeiling },
      orderP99VsBaseline: {
        value: round(orderP99VsBaseline, 2),
        orderP99Ms: steps.order.p99Ms,
        baselineP99Ms: base.p99Ms,
        goal: P4.orderP99VsBaseline,
        holds: orderP99VsBaseline <= P4.orderP99VsBaseline,
      },
    };

    // --- where the time went: the server's profiles are written when it exits
    let profile: ReturnType<typeof summariseProfiles> | undefined;
    let stepBuckets: ReturnType<typeof stepProfiles> | undefined;
    if (profileDir) {
      await shop.stop();
      profile = summariseProfiles(profileDir, { fromUs: windowFromUs, toUs: windowToUs });
      if (stepCosts) stepBuckets = stepProfiles(profileDir, stepCosts.costs);
    }

    // --- P4's window: the purchase's requests at the window's rate (each kind's cost alone) against the busy time
    const mainThread = profile?.threads.find((thread) => thread.thread === 'main thread');
    const purchaseKinds = ['quote', 'order', 'paymentForm', 'notification'] as const;
    const shares =
      stepCosts && mainThread
        ? mainThreadShares({
            purchasesPerSecond,
            requestMainMs: purchaseKinds.map((kind) => stepCosts.costs[kind]!.mainThreadMsPerRequest),
            baselineMainMs: stepCosts.costs.health!.mainThreadMsPerRequest,
            busyPercent: mainThread.summary.busyPercent,
            ofCeilingGoal: P4.ofCeiling,
          })
        : undefined;

    const report = {
      generatedAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((value) => round(value, 2)) },
      buyers: BUYERS,
      seconds: round(runSeconds, 2),
      goal: GOAL,
      baseline: {
        route: 'GET /api/health (SELECT 1 through apiHandler)',
        seconds: BASELINE_SECONDS,
        requestsPerSecond: round(baseline.length / BASELINE_SECONDS),
        errors: baselineErrors,
        ...base,
      },
      ordersStarted,
      ordersPerSecond: round(ordersStarted / runSeconds),
      paid: paid.length,
      fulfilled: samples.delivery.length,
      mailed: samples.email.length,
      steps,
      p4: { ...p4, mainThreadShares: shares },
      stepCosts: stepCosts && { ...stepCosts, mainThreadMsPerRequestByBucket: stepBuckets },
      profile,
      errors,
      goalMet:
        ordersStarted / runSeconds >= GOAL.ordersPerSecond &&
        (['quote', 'order', 'paymentForm', 'notification'] as const).every(
          (step) => steps[step].p99Ms < GOAL.p99Ms,
        ),
    };
    fs.mkdirSync('reports', { recursive: true });
    fs.writeFileSync('reports/bench-purchase-load.json', `${JSON.stringify(report, null, 2)}\n`);
    // What the server said (its JSON log): a warning such as the PDF thread's is read there.
    fs.writeFileSync('reports/bench-purchase-load-server.log', shop.output());

    say();
    say(
      `Purchase under load: ${BUYERS} buyers, ${report.seconds} s, load average ${report.machine.loadAverage.join(' ')}`,
    );
    say(
      `baseline GET /api/health: ${report.baseline.requestsPerSecond} req/s, p50 ${base.p50Ms} ms, p99 ${base.p99Ms} ms`,
    );
    say(
      `orders started: ${ordersStarted} (${report.ordersPerSecond}/s; goal ${GOAL.ordersPerSecond}/s), paid ${paid.length}, fulfilled ${report.fulfilled}, mailed ${report.mailed}`,
    );
    say('step            count    p50 ms    p99 ms   p50/base  p99/base');
    for (const step of STEPS) {
      const s = steps[step];
      say(
        `${step.padEnd(14)} ${String(s.count).padStart(6)} ${String(s.p50Ms).padStart(9)} ${String(s.p99Ms).padStart(9)} ${String(s.p50VsBaseline).padStart(9)} ${String(s.p99VsBaseline).padStart(9)}`,
      );
    }
    if (Object.keys(errors).length) say(`errors: ${JSON.stringify(errors)}`);
    say(
      `goal (${GOAL.ordersPerSecond} orders/s, p99 < ${GOAL.p99Ms} ms on the request steps) met: ${report.goalMet}`,
    );
    const holds = (yes: boolean) => (yes ? 'holds' : 'does not hold');
    say();
    say(
      `P4 ceiling: baseline ${round(baselineRequestsPerSecond)} req/s ÷ ${p4.requestsPerPurchase} requests per purchase = ${p4.ceilingPurchasesPerSecond} purchases/s`,
    );
    say(
      `P4 purchases/s ÷ ceiling: ${p4.purchasesPerSecond} ÷ ${p4.ceilingPurchasesPerSecond} = ${p4.ofCeiling.value} (goal ≥ ${P4.ofCeiling}): ${holds(p4.ofCeiling.holds)}`,
    );
    say(
      `P4 order p99 ÷ baseline p99: ${steps.order.p99Ms} ms ÷ ${base.p99Ms} ms = ${p4.orderP99VsBaseline.value} (goal ≤ ${P4.orderP99VsBaseline}): ${holds(p4.orderP99VsBaseline.holds)}`,
    );
    if (shares) {
      say(
        `P4 main thread: the four requests cost ${shares.purchaseRequestsMs} ms a purchase (each kind alone; the goal allows ${shares.allowedRequestsMs} ms if nothing else ran); at ${p4.purchasesPerSecond} purchases/s they fill ${shares.requestsPercent} % of it, which was ${shares.busyPercent} % busy: ${shares.restPercent} % went to the background jobs and the sandbox providers' side`,
      );
    }
    if (stepCosts) {
      say();
      say(
        `Each request kind alone (${stepCosts.seconds} s each, ${BUYERS} at once): CPU per request, server (all threads) / its main thread / machine`,
      );
      say('kind                  req/s  server ms  main ms  machine ms   p50 ms   p99 ms');
      for (const [kind, cost] of Object.entries(stepCosts.costs)) {
        say(
          `${kind.padEnd(21)} ${String(cost.requestsPerSecond).padStart(6)} ${String(cost.serverMsPerRequest).padStart(10)} ${String(cost.mainThreadMsPerRequest).padStart(8)} ${String(cost.machineMsPerRequest).padStart(11)} ${String(cost.p50Ms).padStart(8)} ${String(cost.p99Ms).padStart(8)}`,
        );
      }
      say(`(background: per paid purchase, until its e-mail arrived; ${stepCosts.settled} settled)`);
      if (stepBuckets) {
        say('main thread ms per request, by bucket (from the profile of each kind alone):');
        const shown = BUCKETS.filter((bucket) => bucket !== 'idle');
        say(`${'kind'.padEnd(21)} ${shown.map((bucket) => bucket.padStart(9)).join('')}`);
        for (const [kind, byBucket] of Object.entries(stepBuckets))
          say(`${kind.padEnd(21)} ${shown.map((bucket) => String(byBucket[bucket]).padStart(9)).join('')}`);
        say(`(${shown.map((bucket) => `${bucket}: ${BUCKET_NAMES[bucket]}`).join('; ')})`);
      }
    }
    if (profile) {
      say();
      say(`Where the server's CPU went in the measured window (${profile.dir}):`);
      for (const thread of profile.threads) {
        say(
          `${thread.thread}: busy ${thread.summary.busyPercent} % of ${thread.summary.windowMs} ms${thread.summary.samples ? '' : ' (no samples)'}`,
        );
        for (const line of formatSummary(thread.summary)) say(line);
      }
    } else say('No CPU profile (BENCH_CPU_PROF=off).');
    say('Report: reports/bench-purchase-load.json (the server log: reports/bench-purchase-load-server.log)');
  } catch (error) {
    say(shop.output().slice(-4000));
    throw error;
  } finally {
    await cleanup();
  }
}

/** The clock of V8's profiles (CLOCK_MONOTONIC on Linux), in microseconds. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * The main thread's profile over each request kind's window alone: its milliseconds per request in each bucket.
 */
function stepProfiles(
  dir: string,
  costs: Record<string, { requests: number; window: { fromUs: number; toUs: number } }>,
) {
  const main = fs
    .readdirSync(dir)
    .find((file) => file.endsWith('.cpuprofile') && file.split('.').at(-3) === '0');
  if (!main) return undefined;
  const profile = JSON.parse(fs.readFileSync(path.join(dir, main), 'utf8')) as CpuProfile;
  const locate = sourceMapLocator();
  return Object.fromEntries(
    Object.entries(costs).map(([kind, cost]) => {
      const { ms } = summariseProfile(profile, { window: cost.window, locate });
      return [
        kind,
        Object.fromEntries(BUCKETS.map((bucket) => [bucket, round(ms[bucket] / cost.requests, 2)])) as Record<
          Bucket,
          number
        >,
      ];
    }),
  );
}

/**
 * Every profile the server wrote (one per thread: `CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile`), each summed
 * over the measured window; thread 0 is the main thread, the others the invoice PDF's worker threads.
 */
function summariseProfiles(dir: string, window: { fromUs: number; toUs: number }) {
  const locate = sourceMapLocator();
  const files = fs.readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'));
  const threads = files.map((file) => {
    const threadId = Number(file.split('.').at(-3));
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    return {
      file,
      thread: threadId === 0 ? 'main thread' : `worker thread ${threadId}`,
      summary: summariseProfile(profile, { window, locate }),
    };
  });
  threads.sort((a, b) => b.summary.busyPercent - a.summary.busyPercent);
  return { dir, window, threads };
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
