import { isDatabaseUnavailable } from '@/lib/db/errors';
import { logger } from '@/lib/log/logger';
import { countJobPass } from '@/lib/metrics/registry';

/**
 * Background jobs that run on a slow safety timer and are kicked at once by the code that makes work for them
 * (a payment settled, an order paid, a message queued): work is done within moments, and an idle server stays idle
 * instead of polling its database every second.
 */
interface Job {
  run: () => Promise<unknown>;
  running: boolean;
  again: boolean;
  timer?: ReturnType<typeof setInterval>;
  /** The pass in flight, for stopJobs to wait on. */
  pass?: Promise<void>;
  registeredAt: Date;
  /** When a pass last ended without an error (the metrics' `shop_job_last_success_age_seconds`). */
  lastSuccessAt?: Date;
}

export const JOB_NAMES = [
  'sandbox-notifications',
  'fulfilment',
  'mail',
  'reconciler',
  'exchange-rate',
  'efactura',
  'efactura-sandbox',
  'efactura-held-back',
  'expiry-reminders',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export const isJobName = (value: string): value is JobName =>
  (JOB_NAMES as readonly string[]).includes(value);

// Route handlers and instrumentation are bundled apart: the registry lives on globalThis, one per process.
const globalForJobs = globalThis as unknown as {
  roadJobs?: Map<JobName, Job>;
  roadJobsStopped?: boolean;
  roadKickForwarder?: (name: JobName) => void;
};
const jobs = () => (globalForJobs.roadJobs ??= new Map());
const stopped = () => globalForJobs.roadJobsStopped === true;

/** Whether the scheduler has stopped: a pass in flight may end early where going on needs this server (its port). */
export const jobsStopping = stopped;

function tick(name: JobName, job: Job) {
  // Once the server is stopping no pass starts: a pass claims work (a mail, an invoice, an order to fulfil) that a
  // process about to exit could leave half done.
  if (stopped()) return;
  if (job.running) {
    job.again = true;
    return;
  }
  job.running = true;
  job.pass = runPasses(name, job);
}

async function runPasses(name: JobName, job: Job) {
  try {
    do {
      job.again = false;
      await runOnce(name, job);
    } while (job.again && !stopped());
  } catch (error) {
    // The timer runs the job again; while the database is away that is expected, and its failed statement (which
    // may carry a buyer's data) is not logged.
    if (isDatabaseUnavailable(error))
      logger.warn({ job: name }, 'background job waiting: the database is unavailable');
    else logger.error({ err: error, job: name }, 'background job failed');
  } finally {
    job.running = false;
    job.pass = undefined;
  }
}

/** One pass, counted for the metrics by its outcome. */
async function runOnce(name: JobName, job: Job) {
  try {
    await job.run();
  } catch (error) {
    countJobPass(name, false);
    throw error;
  }
  job.lastSuccessAt = new Date();
  countJobPass(name, true);
}

/** Runs `run` every `intervalMs` (never two passes at once, never keeping the process alive) and on every kick. */
export function registerJob(name: JobName, intervalMs: number, run: () => Promise<unknown>) {
  if (stopped()) return;
  const job: Job = { run, running: false, again: false, registeredAt: new Date() };
  jobs().set(name, job);
  job.timer = setInterval(() => tick(name, job), intervalMs);
  job.timer.unref();
  tick(name, job);
}

/**
 * Asks a job to run now; nothing happens once the server is stopping. Where this process runs no such job the kick
 * goes to the forwarder, if one was set: a server with JOBS=off wakes the workers through PostgreSQL, also while it
 * drains its last requests (the work they make is the workers'). Otherwise nothing happens (tests, scripts).
 */
export function kick(name: JobName) {
  const job = jobs().get(name);
  if (job) tick(name, job);
  else globalForJobs.roadKickForwarder?.(name);
}

/** Where the kicks of jobs this process does not run go from now on (undefined: nowhere). */
export function forwardKicks(forwarder: ((name: JobName) => void) | undefined) {
  globalForJobs.roadKickForwarder = forwarder;
}

/** The jobs this process runs, with when each registered and last ended a pass without an error. */
export function registeredJobs(): { name: JobName; registeredAt: Date; lastSuccessAt?: Date }[] {
  return [...jobs()].map(([name, job]) => ({
    name,
    registeredAt: job.registeredAt,
    lastSuccessAt: job.lastSuccessAt,
  }));
}

/** The jobs with a pass in flight now (named in the log when a shutdown runs out of time). */
export function runningJobs(): JobName[] {
  return [...jobs()].filter(([, job]) => job.running).map(([name]) => name);
}

/**
 * Stops the scheduler for good (no timer fires, no kick starts a pass, no job registers) and resolves once every
 * pass in flight has ended, whatever its outcome. The server calls it when it shuts down.
 */
export async function stopJobs(): Promise<void> {
  globalForJobs.roadJobsStopped = true;
  const all = [...jobs().values()];
  for (const job of all) clearInterval(job.timer);
  await Promise.all(all.map((job) => job.pass));
}

/** Forgets every job and lifts the stop: for tests, which register and stop jobs many times in one process. */
export function resetJobsForTests() {
  for (const job of jobs().values()) clearInterval(job.timer);
  jobs().clear();
  globalForJobs.roadJobsStopped = false;
  globalForJobs.roadKickForwarder = undefined;
}
