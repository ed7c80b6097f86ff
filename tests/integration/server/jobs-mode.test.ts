import { Client } from 'pg';
import { NextRequest } from 'next/server';
import proxy from '@/proxy';
import { ConfigError } from '@/lib/config/env';
import { getDb } from '@/lib/db/client';
import type { Database } from '@/lib/db/client';
import { renderMetrics } from '@/lib/metrics-endpoint/scrape';
import { announceKick, JOB_KICK_CHANNEL } from '@/lib/server/job-kicks';
import { kick, registeredJobs, resetJobsForTests, stopJobs } from '@/lib/server/jobs';
import { startBackgroundWorkers, stopCatalogListener } from '@/lib/startup/workers';
import { describeForDriver, postgresUrl } from '../../support/databases';
import { openProcessDatabaseOn, withEnv } from '../../support/process-database';
import { parsePrometheusText, sampleValue } from '../../support/prometheus-text';

/*
 * JOBS on a server's start (lib/startup/workers.ts `startBackgroundWorkers`) and in proxy.ts: a web server with JOBS=off
 * registers no job and sends its kicks through PostgreSQL, a worker (JOBS=only) runs the jobs, wakes up on those kicks
 * and answers 404 to the shop. The embedded database refuses both.
 */
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// No Next server here to regenerate pages in: the listener's call to its own server is left out.
jest.mock('@/lib/catalog/page-revalidation', () => ({
  ...jest.requireActual('@/lib/catalog/page-revalidation'),
  revalidateCatalogPagesFromBackground: jest.fn(async () => undefined),
}));

async function stopEverything() {
  // The listener starts once the database is open: stopped before that, it would start after the test.
  for (let i = 0; i < 40 && !Reflect.get(globalThis, 'roadCatalogListener'); i++) await wait(50);
  await stopJobs();
  await stopCatalogListener();
  resetJobsForTests();
}

describeForDriver(Boolean(postgresUrl))('JOBS on PostgreSQL', () => {
  let env: Awaited<ReturnType<typeof openProcessDatabaseOn>>;
  beforeAll(async () => {
    env = await openProcessDatabaseOn('postgres');
  }, 120_000);
  afterAll(() => env.cleanup());
  afterEach(stopEverything);

  it('off: registers no job, and a kick reaches the workers as a notification', async () => {
    const listener = new Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', ({ channel, payload }) => {
      if (channel === JOB_KICK_CHANNEL) heard.push(payload ?? '');
    });
    await listener.query(`LISTEN ${JOB_KICK_CHANNEL}`);
    try {
      await withEnv({ JOBS: 'off' }, async () => {
        startBackgroundWorkers();
        expect(registeredJobs()).toEqual([]);
        kick('mail');
        kick('fulfilment');
        for (let i = 0; i < 50 && heard.length < 2; i++) await wait(50);
        expect(heard.sort()).toEqual(['fulfilment', 'mail']);
        expect(registeredJobs()).toEqual([]);
      });
    } finally {
      await listener.end();
    }
  });

  it("only: runs the jobs, and runs one at once when a web server's kick arrives", async () => {
    const passes = async () =>
      sampleValue(
        parsePrometheusText(
          (await renderMetrics(() => Promise.reject(new Error('unused')) as Promise<Database>)).body,
        ),
        'shop_job_passes_total',
        { job: 'mail' },
      );
    await withEnv({ JOBS: 'only' }, async () => {
      startBackgroundWorkers();
      expect(registeredJobs().map((job) => job.name)).toEqual(
        expect.arrayContaining(['fulfilment', 'mail', 'reconciler', 'efactura']),
      );
      // The first passes run at registration; the mail job's timer comes back only after 15 s.
      await wait(500);
      const before = await passes();
      let after = before;
      // The listener connects on its own: kick until one is heard.
      for (let i = 0; i < 40 && after === before; i++) {
        await announceKick(await getDb(), 'mail');
        await wait(100);
        after = await passes();
      }
      expect(after).toBeGreaterThan(before);
    });
  }, 30_000);
});

// proxy.ts reads only the configuration: no database is opened.
describe('JOBS in proxy.ts', () => {
  const SOME_POSTGRES = 'postgres://shop:secret@127.0.0.1:5432/shop';

  it('only: the proxy answers 404 to the shop and lets the health checks and the metrics through', async () => {
    await withEnv({ JOBS: 'only', DATABASE_URL: SOME_POSTGRES }, async () => {
      for (const [method, path] of [
        ['GET', '/'],
        ['GET', '/ro/vignette/car'],
        ['GET', '/admin'],
        ['POST', '/api/nmps/orders/order'],
        ['GET', '/api/nmps/utils/vignette/catalog'],
      ] as const) {
        const response = await proxy(new NextRequest(`http://127.0.0.1:3009${path}`, { method }));
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({
          error: { code: 'NOT_FOUND', message: 'This process runs background jobs only' },
        });
      }
      for (const path of ['/api/health', '/api/health/ready', '/api/health/live', '/api/metrics']) {
        const response = await proxy(new NextRequest(`http://127.0.0.1:3009${path}`));
        expect(response.status).toBe(200);
        expect(response.headers.get('x-middleware-next')).toBe('1');
      }
    });
    // A web server (JOBS=off) still serves the shop.
    await withEnv({ JOBS: 'off', DATABASE_URL: SOME_POSTGRES }, async () => {
      const response = await proxy(new NextRequest('http://127.0.0.1:3000/api/nmps/utils/vignette/catalog'));
      expect(response.headers.get('x-middleware-next')).toBe('1');
    });
  });
});

describe('JOBS on the embedded database', () => {
  let env: Awaited<ReturnType<typeof openProcessDatabaseOn>>;
  beforeAll(async () => {
    env = await openProcessDatabaseOn('pglite');
  }, 120_000);
  afterAll(() => env.cleanup());

  it.each(['off', 'only'])(
    '%s: refuses to start, naming DATABASE_URL, and registers nothing',
    async (JOBS) => {
      await withEnv({ JOBS }, async () => {
        expect(() => startBackgroundWorkers()).toThrow(ConfigError);
        expect(() => startBackgroundWorkers()).toThrow(/DATABASE_URL is required when JOBS=/);
        expect(registeredJobs()).toEqual([]);
      });
    },
  );
});
