import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startBuiltServer, waitUntilHealthy, type ShopProcess } from './support/shop-process';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * SIGTERM to the Node process that runs `next start` (startBuiltServer spawns it directly, so its pid is the
 * server's): readiness fails at once, a request in flight is still answered, and the process exits 0 with
 * `shutdown finished` logged, within SHUTDOWN_TIMEOUT_SECONDS (docs/decisions/0022-graceful-shutdown.md).
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PORT = 3530;
const TIMEOUT_SECONDS = 20;

let shop: ShopProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-shutdown-'));
  shop = startBuiltServer(PORT, {
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${PORT}`,
    SHUTDOWN_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
  });
  await waitUntilHealthy(shop);
});

test.afterAll(async () => {
  await shop?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The status of a GET, or 'refused' once the server stopped taking connections. */
const statusOf = (route: string) =>
  fetch(`${shop.url}${route}`).then(
    (response) => response.status,
    () => 'refused' as const,
  );

/**
 * A quote whose body is only half sent: the request is in flight on the server until `finish()` sends the rest.
 * Answers the response's status once it comes.
 */
function halfSentQuote() {
  const body = JSON.stringify({ category: 'A', period: '1-day' });
  const half = Math.floor(body.length / 2);
  const request = http.request(`${shop.url}/api/nmps/orders/quote`, {
    method: 'POST',
    headers: {
      ...XSRF_HEADERS,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    },
  });
  const status = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, half));
  return { status, finish: () => request.end(body.slice(half)) };
}

test('answers live and ready with 200 while it serves', async () => {
  expect(await statusOf('/api/health/live')).toBe(200);
  expect(await statusOf('/api/health/ready')).toBe(200);
});

test('on SIGTERM stops being ready, answers the request in flight, and exits 0 with the shutdown logged', async () => {
  const held = halfSentQuote();
  // Let the server see the request's headers before the signal.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const signalledAt = Date.now();
  process.kill(shop.child.pid!, 'SIGTERM');

  // Not ready any more: 503 on a connection the server still takes, or refused once its listener closed.
  await expect.poll(() => statusOf('/api/health/ready'), { timeout: 10_000 }).not.toBe(200);
  const readyNow = await statusOf('/api/health/ready');
  expect([503, 'refused']).toContain(readyNow);
  // Live never says anything but 200 while the process still answers.
  expect([200, 'refused']).toContain(await statusOf('/api/health/live'));
  expect(shop.child.exitCode).toBeNull();

  held.finish();
  const status = await held.status;
  expect(status).toBeGreaterThanOrEqual(200);
  expect(status).toBeLessThan(500);

  const code = await shop.exited;
  expect(code).toBe(0);
  expect(Date.now() - signalledAt).toBeLessThan(TIMEOUT_SECONDS * 1000);
  const logs = shop.standardOutput();
  expect(logs).toContain('"msg":"shutting down: no new job passes; waiting for work in flight"');
  expect(logs).toContain('"msg":"shutdown finished"');
  expect(logs).not.toContain('shutdown timed out');
});
