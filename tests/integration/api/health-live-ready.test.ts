import { GET as live } from '@/app/api/health/live/route';
import { GET as ready } from '@/app/api/health/ready/route';
import { resetShutdownForTests, shutDown } from '@/lib/server/shutdown';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { noParams, resetProcess } from '../../support/process-database';

const get = (handler: typeof live, route: string) =>
  handler(new Request(`http://localhost${route}`), noParams);

/** Ready answers 503 UNAVAILABLE with Retry-After and `message`, while live still answers 200. */
async function expectNotReady(message: string) {
  const readyResponse = await get(ready, '/api/health/ready');
  expect(readyResponse.status).toBe(503);
  expect(readyResponse.headers.get('Retry-After')).toMatch(/^\d+$/);
  expect(await readyResponse.json()).toEqual({ error: { code: 'UNAVAILABLE', message } });
  expect((await get(live, '/api/health/live')).status).toBe(200);
}

/** Marks the process as stopping, as SIGTERM does, with nothing left to wait for. */
async function beginShutdown() {
  await shutDown({
    stopJobs: async () => undefined,
    requestsDrained: Promise.resolve(),
    close: [],
    timeoutMs: 1_000,
    stillRunning: () => [],
    log: { info: () => undefined, error: () => undefined },
  });
}

describeOnProcessDrivers('the live and ready health checks', () => {
  afterEach(() => resetShutdownForTests());

  it('answers 200 to both while the database is reachable', async () => {
    const readyResponse = await get(ready, '/api/health/ready');
    expect(readyResponse.status).toBe(200);
    expect(await readyResponse.json()).toEqual({ status: 'ok' });
    expect(readyResponse.headers.get('Cache-Control')).toBe('no-store');
    const liveResponse = await get(live, '/api/health/live');
    expect(liveResponse.status).toBe(200);
    expect(await liveResponse.json()).toEqual({ status: 'ok' });
  });

  it('answers ready with 503, Retry-After and the error shape once shutting down, while live stays 200', async () => {
    await beginShutdown();
    await expectNotReady('The server is shutting down');
  });
});

describe('the live and ready health checks without a database', () => {
  afterAll(() => resetProcess({ DATABASE_URL: undefined, DATA_DIR: undefined }));

  it('answers ready 503 UNAVAILABLE and live 200 when the database is unreachable', async () => {
    // Port 1 on loopback: nothing listens there, so every connection is refused at once.
    await resetProcess({ DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none', DATA_DIR: undefined });
    await expectNotReady('The database is unreachable');
  });
});
