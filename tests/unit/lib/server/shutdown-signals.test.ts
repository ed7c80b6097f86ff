import { closeDatabase } from '@/lib/db/client';
import { registerJob, resetJobsForTests } from '@/lib/server/jobs';
import { isShuttingDown, resetShutdownForTests } from '@/lib/server/shutdown';
import { handleShutdownSignals } from '@/lib/startup/shutdown-signals';
import { stopCatalogListener } from '@/lib/startup/workers';

jest.mock('@/lib/db/client', () => ({ closeDatabase: jest.fn(async () => undefined) }));
jest.mock('@/lib/startup/workers', () => ({ stopCatalogListener: jest.fn(async () => undefined) }));
jest.mock('@/lib/log/logger', () => ({ logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn() } }));

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Plays Next's start-server cleanup against the real wiring: SIGTERM, Next's exit after its last request (held),
 * then the shop's own exit once its job pass ended and the database closed.
 */
describe('handleShutdownSignals', () => {
  const originalExit = process.exit;
  const exits: (number | undefined)[] = [];
  const events: string[] = [];
  const before = { SIGTERM: process.listeners('SIGTERM'), SIGINT: process.listeners('SIGINT') };

  beforeAll(() => {
    process.exit = ((code?: number) => {
      exits.push(code);
    }) as typeof process.exit;
    handleShutdownSignals(5);
  });
  afterAll(() => {
    process.exit = originalExit;
    for (const signal of ['SIGTERM', 'SIGINT'] as const)
      for (const listener of process.listeners(signal))
        if (!before[signal].includes(listener)) process.removeListener(signal, listener);
    resetJobsForTests();
    resetShutdownForTests();
  });

  it('holds Next’s exit until the pass in flight ended and the database closed, then exits 0', async () => {
    jest.mocked(stopCatalogListener).mockImplementation(async () => void events.push('listener closed'));
    jest.mocked(closeDatabase).mockImplementation(async () => void events.push('database closed'));
    registerJob('mail', 60_000, async () => {
      await wait(100);
      events.push('mail pass ended');
    });

    // Jest's sandboxed `process` does not dispatch emit() to its listeners: call them as Node would.
    for (const listener of process.listeners('SIGTERM')) listener('SIGTERM');
    expect(isShuttingDown()).toBe(true);
    // Next's cleanup answered its last request and exits: held, since the mail pass still runs.
    process.exit(143);
    await wait(20);
    expect(exits).toEqual([]);
    expect(events).toEqual([]);

    await wait(200);
    expect(events).toEqual(['mail pass ended', 'listener closed', 'database closed']);
    expect(exits).toEqual([0]);
  });
});
