import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createDatabase, postgresUrl } from './support/postgres';
import * as buyer from './support/shop-client';
import { brokenPromises, waitUntilDelivered } from './support/shop-ledger';
import { startBuiltServer, startWorker, waitUntilHealthy, type ShopProcess } from './support/shop-process';
import { startSmtpSink } from './support/smtp-sink';

/*
 * A web server with JOBS=off and `npm run worker` beside it, both of the current build on one PostgreSQL
 * (docs/deploy.md, "Web servers and workers"): the web server registers no job, the worker answers nothing but its
 * health checks and metrics, and a purchase made on the web server is notified, delivered and e-mailed by the worker.
 * On SIGTERM the worker finishes and exits 0. Ports: the web server 3550, the worker 3551, their SMTP server 2650.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });
// The worker refuses the embedded database: PostgreSQL or nothing.
// Skipped, and counted as skipped, only where none is configured; `npm test` starts one as root, as CI runs.
test.skip(!postgresUrl, 'TEST_DATABASE_URL is not set');

const WEB_PORT = 3550;
const WORKER_PORT = 3551;
const SMTP_PORT = 2650;
const ORDERS = 3;

let database: Awaited<ReturnType<typeof createDatabase>>;
let mailDir: string;
let sink: ReturnType<typeof startSmtpSink>;
let web: ShopProcess;
let worker: ShopProcess;

test.beforeAll(async () => {
  database = await createDatabase('shop_worker');
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-worker-mail-'));
  sink = startSmtpSink(SMTP_PORT, mailDir);
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: undefined,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    SITE_URL: `http://localhost:${WEB_PORT}`,
    LOG_LEVEL: 'info',
  };
  web = startBuiltServer(WEB_PORT, { ...env, JOBS: 'off' });
  await waitUntilHealthy(web);
  // JOBS=off in its environment too, as when it shares the web servers' file: `npm run worker` runs JOBS=only.
  worker = startWorker(WORKER_PORT, { ...env, JOBS: 'off' });
  await waitUntilHealthy(worker);
});

test.afterAll(async () => {
  await Promise.all([web?.stop(), worker?.stop()]);
  await new Promise<void>((resolve) => (sink ? sink.close(() => resolve()) : resolve()));
  await database?.drop();
  if (mailDir) fs.rmSync(mailDir, { recursive: true, force: true });
});

const metricsOf = async (server: ShopProcess) => (await fetch(`${server.url}/api/metrics`)).text();

test('each says its mode at start; the worker answers 404 to the shop and serves its health and metrics', async () => {
  expect(web.standardOutput()).toContain('"jobs":"off"');
  expect(worker.standardOutput()).toContain('"jobs":"only"');
  for (const route of ['/', '/ro', '/ro/vignette/car', '/admin', '/api/nmps/utils/vignette/catalog']) {
    const response = await fetch(`${worker.url}${route}`, { redirect: 'manual' });
    expect(response.status, route).toBe(404);
  }
  for (const route of ['/api/health', '/api/health/live', '/api/health/ready', '/api/metrics']) {
    expect((await fetch(`${worker.url}${route}`)).status, route).toBe(200);
  }
  // The web server serves the shop as ever.
  expect((await fetch(`${web.url}/api/nmps/utils/vignette/catalog`)).status).toBe(200);
});

test('a purchase on the web server is notified, delivered and e-mailed by the worker', async () => {
  const placed = [];
  for (let index = 0; index < ORDERS; index++) {
    const body = buyer.vignetteOrderBody(buyer.uniquePlate(700 + index), `worker-${index}@example.ro`);
    await buyer.quote(web.url, body);
    placed.push(await buyer.placeOrder(web.url, body));
  }
  for (const order of placed) expect(await buyer.payOnSandboxForm(web.url, order.paymentUrl!)).toBe(303);

  const ledger = await waitUntilDelivered(database.url, mailDir, ORDERS, 60_000);
  expect(brokenPromises(ledger, 0)).toEqual([]);
  expect(ledger.mails).toBe(ORDERS);
  expect(ledger.duplicateMails).toBe(0);

  // The jobs ran in the worker, never in the web server.
  const workerMetrics = await metricsOf(worker);
  expect(workerMetrics).toMatch(/^shop_job_passes_total\{job="fulfilment"\} [1-9]/m);
  expect(workerMetrics).toMatch(/^shop_job_passes_total\{job="mail"\} [1-9]/m);
  expect(workerMetrics).toMatch(/^shop_job_backlog\{kind="fulfilment"\} 0$/m);
  const webMetrics = await metricsOf(web);
  expect(webMetrics).not.toMatch(/^shop_job_passes_total\{/m);
  expect(webMetrics).not.toMatch(/^shop_job_last_success_age_seconds\{/m);
});

test('the worker stops on SIGTERM: no new pass, the pass in flight finished, exit 0', async () => {
  const code = await worker.stop();
  expect(code).toBe(0);
  const logs = worker.standardOutput();
  expect(logs).toContain('"msg":"shutdown finished"');
  expect(logs).not.toContain('shutdown timed out');
  // The web server keeps serving without it; the work it makes waits in the database for the next worker.
  expect((await fetch(`${web.url}/api/health/ready`)).status).toBe(200);
});
