import type { Database } from '@/lib/db/client';
import { renderMetrics } from '@/lib/metrics-endpoint/scrape';
import { coalescedKicks, kickFromNotification } from '@/lib/server/job-kicks';
import {
  forwardKicks,
  kick,
  registerJob,
  registeredJobs,
  resetJobsForTests,
  stopJobs,
  type JobName,
} from '@/lib/server/jobs';
import { plannedJobs } from '@/lib/startup/workers';
import { LIVE_SHOP_ENV, withEnv } from '../../../support/process-database';
import { parsePrometheusText, sampleValue } from '../../../support/prometheus-text';

jest.mock('@/lib/log/logger', () => ({
  logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() },
}));

const POSTGRES = 'postgres://shop:secret@127.0.0.1:5432/shop';
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const names = () => plannedJobs().map((job) => job.name);

describe('the jobs a server registers, by JOBS', () => {
  const SANDBOX_SHOP = [
    'sandbox-notifications',
    'fulfilment',
    'mail',
    'reconciler',
    'efactura',
    'expiry-reminders',
    'efactura-sandbox',
  ];

  it('on (the default): every job of the configuration, as before', async () => {
    await withEnv({ JOBS: undefined, DATABASE_URL: undefined, EXCHANGE_RATE_FEED_URL: undefined }, async () =>
      expect(names()).toEqual(SANDBOX_SHOP),
    );
  });

  it('only: the same jobs, in the worker', async () => {
    await withEnv({ JOBS: 'only', DATABASE_URL: POSTGRES, EXCHANGE_RATE_FEED_URL: undefined }, async () =>
      expect(names()).toEqual(SANDBOX_SHOP),
    );
  });

  it('off: none at all, whatever else is configured', async () => {
    await withEnv(
      { JOBS: 'off', DATABASE_URL: POSTGRES, EXCHANGE_RATE_FEED_URL: 'https://bnr.example/x.xml' },
      async () => expect(names()).toEqual([]),
    );
    await withEnv({ ...LIVE_SHOP_ENV, JOBS: 'off', DATABASE_URL: POSTGRES }, async () =>
      expect(names()).toEqual([]),
    );
  });

  it('follows the providers in a live shop with a rate feed, in the worker as in a server with its jobs', async () => {
    for (const JOBS of ['on', 'only'])
      await withEnv(
        {
          ...LIVE_SHOP_ENV,
          JOBS,
          DATABASE_URL: POSTGRES,
          EXCHANGE_RATE_FEED_URL: 'https://bnr.example/x.xml',
        },
        async () =>
          expect(names()).toEqual([
            'fulfilment',
            'mail',
            'reconciler',
            'efactura-held-back',
            'expiry-reminders',
            'efactura-sandbox',
            'exchange-rate',
          ]),
      );
  });
});

describe('kicks', () => {
  afterEach(() => resetJobsForTests());

  it('run a job this process has, and go to the forwarder for one it has not', async () => {
    const forwarded: JobName[] = [];
    forwardKicks((name) => forwarded.push(name));
    let passes = 0;
    registerJob('mail', 3_600_000, async () => void (passes += 1));
    await wait(10);
    kick('mail');
    kick('fulfilment');
    await wait(10);
    expect(passes).toBe(2);
    expect(forwarded).toEqual(['fulfilment']);
  });

  it('heard from another server run the named job, and nothing for a name that is none', async () => {
    let passes = 0;
    registerJob('efactura', 3_600_000, async () => void (passes += 1));
    await wait(10);
    kickFromNotification('efactura');
    kickFromNotification('drop table orders');
    kickFromNotification('');
    await wait(10);
    expect(passes).toBe(2);
  });

  it('are sent one at a time per job, a burst meanwhile once more after it, never dropped', async () => {
    const sent: JobName[] = [];
    const pending: (() => void)[] = [];
    const send = coalescedKicks(
      (name) =>
        new Promise<void>((resolve) => {
          sent.push(name);
          pending.push(resolve);
        }),
    );
    send('mail');
    send('mail');
    send('mail');
    send('fulfilment');
    expect(sent).toEqual(['mail', 'fulfilment']);
    pending.shift()?.();
    await wait(0);
    // The burst that came while the first was in flight: one more, after it.
    expect(sent).toEqual(['mail', 'fulfilment', 'mail']);
    pending.shift()?.();
    pending.shift()?.();
    await wait(0);
    expect(sent).toEqual(['mail', 'fulfilment', 'mail']);
    send('mail');
    expect(sent).toEqual(['mail', 'fulfilment', 'mail', 'mail']);
  });

  it('a send that fails does not block the next', async () => {
    const sent: JobName[] = [];
    const send = coalescedKicks(async (name) => {
      sent.push(name);
      throw new Error('database away');
    });
    send('mail');
    await wait(0);
    send('mail');
    expect(sent).toEqual(['mail', 'mail']);
  });
});

describe('the metrics of job passes', () => {
  const noDatabase = () => Promise.reject(new Error('connection refused')) as Promise<Database>;
  const scrape = async () => parsePrometheusText((await renderMetrics(noDatabase)).body);
  afterEach(() => resetJobsForTests());

  it('count passes and failures per job, and the age of the last pass that succeeded', async () => {
    const before = await scrape();
    let fail = true;
    registerJob('reconciler', 3_600_000, async () => {
      if (fail) throw new Error('provider away');
    });
    await wait(10);
    const failed = await scrape();
    const delta = (after: typeof before, name: string) =>
      sampleValue(after, name, { job: 'reconciler' }) - sampleValue(before, name, { job: 'reconciler' });
    expect(delta(failed, 'shop_job_passes_total')).toBe(1);
    expect(delta(failed, 'shop_job_failures_total')).toBe(1);
    expect(registeredJobs()[0]?.lastSuccessAt).toBeUndefined();
    // Before its first success, the age runs from its registration.
    const registeredAt = registeredJobs()[0]!.registeredAt;
    const later = new Date(registeredAt.getTime() + 90_000);
    const aged = parsePrometheusText((await renderMetrics(noDatabase, later)).body);
    expect(sampleValue(aged, 'shop_job_last_success_age_seconds', { job: 'reconciler' })).toBe(90);

    fail = false;
    kick('reconciler');
    await wait(10);
    const succeeded = await scrape();
    expect(delta(succeeded, 'shop_job_passes_total')).toBe(2);
    expect(delta(succeeded, 'shop_job_failures_total')).toBe(1);
    expect(sampleValue(succeeded, 'shop_job_last_success_age_seconds', { job: 'reconciler' })).toBeLessThan(
      1,
    );
  });

  it('leave no age for a job this process does not run', async () => {
    registerJob('mail', 3_600_000, async () => undefined);
    await stopJobs();
    resetJobsForTests();
    const families = await scrape();
    const ages = families.find((family) => family.name === 'shop_job_last_success_age_seconds');
    expect(ages?.samples ?? []).toEqual([]);
  });
});
