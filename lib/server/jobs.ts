import { isDatabaseUnavailable } from '@/lib/db/errors';
import { logger } from '@/lib/log/logger';

/**
 * Background jobs that run on a slow safety timer and are kicked at once by the code that makes work for them
 * (a payment settled, an order paid, a message queued): work is done within moments, and an idle server stays idle
 * instead of polling its database every second.
 */
interface Job {
  run: () => Promise<unknown>;
  running: boolean;
  again: boolean;
}

export type JobName =
  | 'sandbox-notifications'
  | 'fulfilment'
  | 'mail'
  | 'reconciler'
  | 'exchange-rate'
  | 'efactura'
  | 'efactura-sandbox'
  | 'efactura-held-back';

// Route handlers and instrumentation are bundled apart: the registry lives on globalThis, one per process.
const globalForJobs = globalThis as unknown as { roadJobs?: Map<JobName, Job> };
const jobs = () => (globalForJobs.roadJobs ??= new Map());

async function tick(name: JobName, job: Job) {
  if (job.running) {
    job.again = true;
    return;
  }
  job.running = true;
  try {
    do {
      job.again = false;
      await job.run();
    } while (job.again);
  } catch (error) {
    // The timer runs the job again; while the database is away that is expected, and its failed statement (which
    // may carry a buyer's data) is not logged.
    if (isDatabaseUnavailable(error))
      logger.warn({ job: name }, 'background job waiting: the database is unavailable');
    else logger.error({ err: error, job: name }, 'background job failed');
  } finally {
    job.running = false;
  }
}

/** Runs `run` every `intervalMs` (never two passes at once, never keeping the process alive) and on every kick. */
export function registerJob(name: JobName, intervalMs: number, run: () => Promise<unknown>) {
  const job: Job = { run, running: false, again: false };
  jobs().set(name, job);
  setInterval(() => void tick(name, job), intervalMs).unref();
  void tick(name, job);
}

/** Asks a job to run now; nothing happens where no job runs (tests, scripts). */
export function kick(name: JobName) {
  const job = jobs().get(name);
  if (job) void tick(name, job);
}
