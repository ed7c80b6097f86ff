import { ConfigError, parseConfig } from '@/lib/config/env';
import { answersPath, describeJobsMode, runsJobs, servesShop, type JobsMode } from '@/lib/server/jobs-mode';

const POSTGRES = 'postgres://shop:secret@127.0.0.1:5432/shop';

describe('JOBS', () => {
  it('defaults to on: the shop and its jobs in one process, as before', () => {
    expect(parseConfig({}).JOBS).toBe('on');
    expect(parseConfig({ JOBS: '' }).JOBS).toBe('on');
  });

  it('refuses a mode it does not know, naming the variable', () => {
    expect(() => parseConfig({ JOBS: 'worker', DATABASE_URL: POSTGRES })).toThrow(/JOBS .*"worker"/);
  });

  it.each(['off', 'only'])(
    'JOBS=%s refuses the embedded database, naming DATABASE_URL, and runs on PostgreSQL',
    (mode) => {
      let error: unknown;
      try {
        parseConfig({ JOBS: mode });
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toMatch(
        new RegExp(`DATABASE_URL is required when JOBS=${mode}.*serves one process`),
      );
      expect(parseConfig({ JOBS: mode, DATABASE_URL: POSTGRES }).JOBS).toBe(mode);
    },
  );

  it('gives the worker its own loopback port, 3009 unless set', () => {
    expect(parseConfig({}).WORKER_PORT).toBe(3009);
    expect(parseConfig({ WORKER_PORT: '4010' }).WORKER_PORT).toBe(4010);
    expect(() => parseConfig({ WORKER_PORT: '0' })).toThrow(/WORKER_PORT/);
  });
});

describe('what each mode runs and answers', () => {
  const modes: JobsMode[] = ['on', 'off', 'only'];

  it('runs the jobs on and only; serves the shop on and off', () => {
    expect(modes.filter(runsJobs)).toEqual(['on', 'only']);
    expect(modes.filter(servesShop)).toEqual(['on', 'off']);
  });

  it('answers every address where the shop is served', () => {
    for (const mode of ['on', 'off'] as const)
      for (const path of ['/', '/ro/vignette/car', '/api/nmps/orders/order', '/admin', '/sandbox-pay/x'])
        expect(answersPath(mode, path)).toBe(true);
  });

  it('answers only the health checks, the metrics and the payment notifications in a job-only process', () => {
    for (const path of [
      '/api/health',
      '/api/health/live',
      '/api/health/ready',
      '/api/metrics',
      '/api/payments/netopia/notify',
    ])
      expect(answersPath('only', path)).toBe(true);
    for (const path of [
      '/',
      '/ro',
      '/ro/vignette/car',
      '/admin',
      '/sandbox-pay/abc',
      '/api/nmps/orders/order',
      '/api/login',
      '/api/internal/catalog-revalidation',
      '/api/healthz',
      '/api/metrics/x',
      '/api/payments/return',
    ])
      expect(answersPath('only', path)).toBe(false);
  });

  it('says which mode runs in the start-up log', () => {
    expect(describeJobsMode('on')).toMatch(/shop and .*jobs.*JOBS=on/);
    expect(describeJobsMode('off')).toMatch(/shop only.*worker.*JOBS=off/);
    expect(describeJobsMode('only')).toMatch(/jobs only.*404.*JOBS=only/);
  });
});
