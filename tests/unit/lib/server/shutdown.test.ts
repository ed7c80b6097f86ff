import { isShuttingDown, resetShutdownForTests, shutDown, type ShutdownPlan } from '@/lib/server/shutdown';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function plan(overrides: Partial<ShutdownPlan>, events: string[]): ShutdownPlan {
  return {
    stopJobs: async () => void events.push('jobs stopped'),
    requestsDrained: Promise.resolve(),
    close: [
      { name: 'the catalog listener', run: async () => void events.push('listener closed') },
      { name: 'the database', run: async () => void events.push('database closed') },
    ],
    timeoutMs: 2_000,
    stillRunning: () => [],
    log: {
      info: (_details, message) => void events.push(`info: ${message}`),
      error: (_details, message) => void events.push(`error: ${message}`),
    },
    ...overrides,
  };
}

describe('shutDown', () => {
  afterEach(() => resetShutdownForTests());

  it('marks the process as stopping before anything else ends', async () => {
    let readyWhileStopping: boolean | undefined;
    const events: string[] = [];
    const done = shutDown(
      plan(
        {
          stopJobs: async () => {
            readyWhileStopping = !isShuttingDown();
            await wait(20);
          },
        },
        events,
      ),
    );
    expect(isShuttingDown()).toBe(true);
    await expect(done).resolves.toBe(0);
    expect(readyWhileStopping).toBe(false);
  });

  it('closes the listener and then the database only after a slow job pass and the requests have ended', async () => {
    const events: string[] = [];
    let drain: () => void = () => {};
    const requestsDrained = new Promise<void>((resolve) => (drain = resolve));
    const done = shutDown(
      plan(
        {
          stopJobs: async () => {
            await wait(50);
            events.push('slow pass ended');
          },
          requestsDrained: requestsDrained.then(() => void events.push('requests drained')),
        },
        events,
      ),
    );
    await wait(80);
    expect(events).toEqual(['slow pass ended']);
    drain();
    await expect(done).resolves.toBe(0);
    expect(events).toEqual([
      'slow pass ended',
      'requests drained',
      'listener closed',
      'database closed',
      'info: shutdown finished',
    ]);
  });

  it('gives up past the timeout, names the job still running and answers exit code 1', async () => {
    const events: string[] = [];
    const error = jest.fn();
    const started = Date.now();
    const code = await shutDown({
      ...plan(
        { stopJobs: () => new Promise<void>(() => {}), timeoutMs: 100, stillRunning: () => ['efactura'] },
        events,
      ),
      log: { info: jest.fn(), error },
    });
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ jobs: ['efactura'], requestsDrained: true, timeoutMs: 100 }),
      'shutdown timed out; exiting with work still running',
    );
    // Nothing is closed under a pass still in flight.
    expect(events).toEqual([]);
  });

  it('times out on a resource that never closes, naming it', async () => {
    const error = jest.fn();
    const code = await shutDown({
      ...plan(
        { close: [{ name: 'the database', run: () => new Promise<void>(() => {}) }], timeoutMs: 100 },
        [],
      ),
      log: { info: jest.fn(), error },
    });
    expect(code).toBe(1);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ step: 'closing the database', jobs: [] }),
      expect.any(String),
    );
  });

  it('closes the other resources when one fails, and answers 1', async () => {
    const events: string[] = [];
    const code = await shutDown(
      plan(
        {
          close: [
            {
              name: 'the catalog listener',
              run: async () => {
                throw new Error('connection reset');
              },
            },
            { name: 'the database', run: async () => void events.push('database closed') },
          ],
        },
        events,
      ),
    );
    expect(code).toBe(1);
    expect(events).toEqual([
      'jobs stopped',
      'error: shutdown: a resource failed to close',
      'database closed',
      'info: shutdown finished',
    ]);
  });
});
