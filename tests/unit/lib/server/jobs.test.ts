import { logger } from '@/lib/log/logger';
import { kick, registerJob, resetJobsForTests, runningJobs, stopJobs } from '@/lib/server/jobs';

/** A job whose passes end only when the test says so. */
function heldJob() {
  const passes: (() => void)[] = [];
  const run = jest.fn(() => new Promise<void>((resolve) => passes.push(resolve)));
  return { run, finishPass: () => passes.shift()?.() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('stopping the job scheduler', () => {
  afterEach(() => {
    resetJobsForTests();
    jest.restoreAllMocks();
  });

  it('waits for the pass in flight, then starts no pass on a kick or a timer', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      const job = heldJob();
      registerJob('mail', 1_000, job.run);
      expect(job.run).toHaveBeenCalledTimes(1);
      expect(runningJobs()).toEqual(['mail']);

      let stopped = false;
      const stopping = stopJobs().then(() => (stopped = true));
      kick('mail');
      await settle();
      expect(stopped).toBe(false);

      job.finishPass();
      await stopping;
      expect(runningJobs()).toEqual([]);
      // The kick that came while the pass ran asked for another pass: a stopping server does not start it.
      expect(job.run).toHaveBeenCalledTimes(1);

      kick('mail');
      jest.advanceTimersByTime(5_000);
      await settle();
      expect(job.run).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('ends at once when no pass runs, and a pass that failed does not hold it', async () => {
    jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    registerJob('fulfilment', 60_000, async () => {
      throw new Error('the provider refused');
    });
    await settle();
    await expect(stopJobs()).resolves.toBeUndefined();
  });

  it('registers no job once stopped', async () => {
    await stopJobs();
    const run = jest.fn(async () => undefined);
    registerJob('efactura', 1_000, run);
    kick('efactura');
    expect(run).not.toHaveBeenCalled();
  });
});
