import type { Env } from '@/lib/config/env';

/*
 * Where the background jobs run (`JOBS`, docs/deploy.md "Web servers and workers"): `on` (default) a server serves
 * the shop and runs the jobs; `off` it serves the shop only and leaves the jobs to a worker; `only` it runs the jobs
 * only (`npm run worker`), and answers nothing but its health checks and metrics. Plain rules, without Next or a
 * database, so that proxy.ts, the start-up and the tests share them.
 */

/** `on`, `off` or `only`: its one home is lib/config/env.ts, which the start scripts read alone. */
export type JobsMode = Env['JOBS'];

/** Whether a process in this mode registers the background jobs. */
export const runsJobs = (mode: JobsMode) => mode !== 'off';

/** Whether a process in this mode serves the shop's pages and API. */
export const servesShop = (mode: JobsMode) => mode !== 'only';

/**
 * What a job-only process answers: its health checks and metrics, for the orchestrator and Prometheus, and the payment
 * notification route, because the sandbox provider's notifications job posts to its own process's loopback address
 * (lib/payment-provider/sandbox/sandbox.ts `notificationTarget`) wherever that job runs.
 */
const WORKER_PATHS = ['/api/health', '/api/metrics', '/api/payments/netopia/notify'];
const WORKER_AREAS = ['/api/health/'];

/** Whether a process in `mode` answers `pathname` (a job-only process answers 404 to the rest). */
export function answersPath(mode: JobsMode, pathname: string): boolean {
  if (servesShop(mode)) return true;
  return WORKER_PATHS.includes(pathname) || WORKER_AREAS.some((area) => pathname.startsWith(area));
}

/** The start-up log line's words for the mode. */
export function describeJobsMode(mode: JobsMode): string {
  switch (mode) {
    case 'on':
      return 'serving the shop and running its background jobs (JOBS=on)';
    case 'off':
      return 'serving the shop only: a worker runs the background jobs (JOBS=off)';
    case 'only':
      return 'running the background jobs only: the shop answers 404 here (JOBS=only)';
  }
}
