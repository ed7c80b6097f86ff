/**
 * `npm run bench`: the admin's transactions list and exports on 100 000 orders in a real PostgreSQL
 * (docs/architecture.md, Tests and benchmarks).
 *
 * Makes a database of its own on the server of TEST_DATABASE_URL (default: the local cluster with the test role
 * that `npm test` creates, started here when it is down and we are root), fills it with a year of orders, then
 * calls the route handlers in-process as a server would: a plain first page is the baseline, measured in the same
 * run as pages with filters, searches and other sorts, each reported as median and p95 and as a ratio of the
 * baseline's median, against the goal of a median under 50 ms. Then it exports every order as XML and as .xlsx,
 * sampling the process's memory, and a tenth of them for comparison: bounded memory shows as the same growth for
 * both. Prints a report and writes it to reports/bench.json. Not a test: nothing here passes or fails.
 *
 * BENCH_ORDERS (default 100000) and BENCH_RUNS (default 40) make it smaller or steadier.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { seedOrders, type SeededOrders } from './seed-orders';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const GOAL_MS = 50;
const LOCAL_URL = 'postgres://shop_test:shop_test@127.0.0.1:5432/postgres';

const say = (line = '') => process.stdout.write(`${line}\n`);

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** TEST_DATABASE_URL, else the local cluster (`npm run bench` starts it, and makes the test role, as `npm test` does). */
async function postgresUrl(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL ?? LOCAL_URL;
  if (await reachable(url)) return url;
  throw new Error(
    `No PostgreSQL at ${url}: run the bench with npm run bench, or set TEST_DATABASE_URL to a role that may create databases`,
  );
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const mib = (bytes: number) => round(bytes / 1024 / 1024, 1);

async function main() {
  const baseUrl = await postgresUrl();
  process.env.TEST_DATABASE_URL = baseUrl;
  process.env.LOG_LEVEL ??= 'warn';
  // The modules below read the environment when they load.
  const { createPostgresDatabase } = await import('../tests/support/databases');
  const created = await createPostgresDatabase();
  process.env.DATABASE_URL = created.url;
  const [{ getDatabase }, { seedShop }, { hashPassword }, { issueToken }, schema, list, daily, excel, xml] =
    await Promise.all([
      import('@/lib/db/client'),
      import('../tests/support/seed'),
      import('@/lib/auth/password'),
      import('@/lib/auth/tokens'),
      import('@/lib/db/schema'),
      import('@/app/api/admin/payment/route'),
      import('@/app/api/admin/payment/daily/route'),
      import('@/app/api/admin/payment/export/excel/route'),
      import('@/app/api/admin/payment/export/xml/route'),
    ]);
  const database = await getDatabase();
  try {
    const db = database.db;
    await seedShop(db);
    const [user] = await db
      .insert(schema.users)
      .values({
        username: 'bench-admin',
        passwordHash: await hashPassword('a-bench-password-1'),
        roleName: 'ADMIN',
      })
      .returning();
    const token = await issueToken(db, { sub: user!.id, ver: user!.tokenVersion });
    const context = { params: Promise.resolve({}) };
    const call = (
      handler: (request: Request, context: { params: Promise<object> }) => Promise<Response>,
      url: string,
    ) =>
      handler(
        new Request(`http://localhost${url}`, { headers: { authorization: `Bearer ${token}` } }),
        context,
      );

    say(`Inserting ${ORDERS} orders into ${new URL(created.url).pathname.slice(1)} ...`);
    let started = performance.now();
    const seeded: SeededOrders = await seedOrders(db, { count: ORDERS, days: 360 });
    // What autovacuum leaves behind on a live shop: fresh statistics and a visibility map for index-only scans.
    await database.db.execute('VACUUM ANALYZE orders, order_items, invoices');
    const seedSeconds = round((performance.now() - started) / 1000, 1);
    say(`  ${seeded.count} orders, ${seeded.items} items, ${seeded.invoices} invoices in ${seedSeconds} s`);

    const day = (date: Date) => date.toISOString().slice(0, 10);
    // The days are Romania's: a day of margin at the end covers the last orders, whatever the hour.
    const end = seeded.last.getTime() + 86_400_000;
    const lastDay = day(new Date(end));
    const monthAgo = day(new Date(end - 30 * 86_400_000));
    const yearAgo = day(new Date(end - 365 * 86_400_000));
    const tenthAgo = day(new Date(end - 36 * 86_400_000));
    const { orderId, email, plate, phone } = seeded.samples;
    const nationalPhone = phone.replace(/^\+40(\d{3})(\d{3})(\d{3})$/, '0$1 $2 $3');
    const plateAsTyped = `${plate.slice(0, 2).toLowerCase()}-${plate.slice(2)}`;

    const scenarios: [string, string][] = [
      ['first page (baseline)', '/api/admin/payment'],
      ['status=FULFILLED', '/api/admin/payment?status=FULFILLED'],
      ['product=CAR (category)', '/api/admin/payment?product=CAR'],
      ['product=orange (operator)', '/api/admin/payment?product=orange'],
      ['last 30 days', `/api/admin/payment?from=${monthAgo}&to=${lastDay}`],
      [
        'PAID + TOPUP + 30 days + active=false',
        `/api/admin/payment?status=PAID&product=TOPUP&active=false&from=${monthAgo}&to=${lastDay}`,
      ],
      ['search e-mail prefix', `/api/admin/payment?q=${encodeURIComponent(email.slice(0, 9))}`],
      ['search e-mail, other case', `/api/admin/payment?q=${encodeURIComponent(email.toUpperCase())}`],
      ['search plate as typed', `/api/admin/payment?q=${encodeURIComponent(plateAsTyped)}`],
      ['search phone 07xx xxx xxx', `/api/admin/payment?q=${encodeURIComponent(nationalPhone)}`],
      ['search order id', `/api/admin/payment?q=${encodeURIComponent(orderId)}`],
      [
        'FULFILLED + CAR + search plate',
        `/api/admin/payment?status=FULFILLED&product=CAR&q=${encodeURIComponent(plate)}`,
      ],
      ['sort amount, page 50', '/api/admin/payment?sort=amount&page=50'],
      ['sort e-mail asc, size 100', '/api/admin/payment?sort=email&dir=asc&size=100'],
      ['sort status, page 200', '/api/admin/payment?sort=status&page=200'],
      ['daily series, 366 days', `/api/admin/payment/daily?from=${yearAgo}&to=${lastDay}`],
    ];

    say(`\nList pages: ${RUNS} runs each after ${WARMUP} warm-up calls, one at a time`);
    const pages = [];
    for (const [name, url] of scenarios) {
      const handler = url.startsWith('/api/admin/payment/daily') ? daily.GET : list.GET;
      let total = 0;
      const times: number[] = [];
      for (let run = 0; run < WARMUP + RUNS; run++) {
        started = performance.now();
        const response = await call(handler, url);
        const body = await response.json();
        if (response.status !== 200)
          throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
        if (run >= WARMUP) times.push(performance.now() - started);
        total = Array.isArray(body) ? body.length : body.total;
      }
      times.sort((a, b) => a - b);
      pages.push({
        name,
        url,
        matches: total,
        medianMs: round(quantile(times, 0.5)),
        p95Ms: round(quantile(times, 0.95)),
      });
    }
    const baseline = pages[0]!.medianMs;
    const rows = pages.map((page) => ({
      ...page,
      ratio: round(page.medianMs / baseline),
      underGoal: page.medianMs < GOAL_MS,
    }));

    /**
     * One export read to its end as fast as the handler gives it. Memory is sampled as the chunks arrive: the
     * process's RSS and heap, and every quarter of a second the live heap after a full garbage collection (what
     * the export really holds, without the garbage not yet collected).
     */
    const exportOf = async (format: 'xml' | 'excel', from: string, to: string) => {
      const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
      gc();
      const before = process.memoryUsage();
      const peak = { rss: before.rss, heapUsed: before.heapUsed, liveHeap: before.heapUsed };
      let collectedAt = performance.now();
      const sample = () => {
        const now = process.memoryUsage();
        peak.rss = Math.max(peak.rss, now.rss);
        peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
        if (performance.now() - collectedAt > 250) {
          gc();
          peak.liveHeap = Math.max(peak.liveHeap, process.memoryUsage().heapUsed);
          collectedAt = performance.now();
        }
      };
      started = performance.now();
      const response = await call(
        format === 'xml' ? xml.GET : excel.GET,
        `/api/admin/payment/export/${format}?from=${from}&to=${to}`,
      );
      if (response.status !== 200) throw new Error(`export ${format} answered ${response.status}`);
      let bytes = 0;
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        bytes += chunk.value.byteLength;
        sample();
      }
      const seconds = (performance.now() - started) / 1000;
      const counted = await call(list.GET, `/api/admin/payment?from=${from}&to=${to}&size=1`);
      const matched: number = (await counted.json()).total;
      return {
        format,
        from,
        to,
        rows: matched,
        seconds: round(seconds, 1),
        fileMiB: mib(bytes),
        rssGrowthMiB: mib(peak.rss - before.rss),
        heapGrowthMiB: mib(peak.heapUsed - before.heapUsed),
        liveHeapGrowthMiB: mib(peak.liveHeap - before.heapUsed),
      };
    };

    say('Exports (every order of the year, then about a tenth of them) ...');
    const exportsMeasured = [];
    for (const format of ['xml', 'excel'] as const) {
      exportsMeasured.push(await exportOf(format, yearAgo, lastDay));
      exportsMeasured.push(await exportOf(format, tenthAgo, lastDay));
    }

    const report = {
      generatedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        loadAverage: os.loadavg().map((load) => round(load)),
        node: process.version,
        postgres: (
          (await db.execute('show server_version')) as unknown as { rows: { server_version: string }[] }
        ).rows[0]?.server_version,
      },
      data: { orders: seeded.count, items: seeded.items, invoices: seeded.invoices, seedSeconds },
      goal: { medianMs: GOAL_MS },
      runs: RUNS,
      baselineMedianMs: baseline,
      pages: rows,
      exports: exportsMeasured,
    };

    say('\n| page | matches | median ms | p95 ms | × baseline | under 50 ms |');
    say('|---|---:|---:|---:|---:|:---:|');
    for (const row of rows) {
      say(
        `| ${row.name} | ${row.matches} | ${row.medianMs} | ${row.p95Ms} | ${row.ratio} | ${row.underGoal ? 'yes' : 'NO'} |`,
      );
    }
    say(
      '\n| export | range | rows | seconds | file MiB | peak RSS growth MiB | peak heap growth MiB | peak live heap growth MiB |',
    );
    say('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const row of exportsMeasured) {
      say(
        `| ${row.format} | ${row.from} … ${row.to} | ${row.rows} | ${row.seconds} | ${row.fileMiB} | ${row.rssGrowthMiB} | ${row.heapGrowthMiB} | ${row.liveHeapGrowthMiB} |`,
      );
    }
    const out = path.join(process.cwd(), 'reports', 'bench.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    say(`\nWritten to ${path.relative(process.cwd(), out)}`);
  } finally {
    await database.close();
    await created.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
