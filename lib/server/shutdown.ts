/**
 * The server's graceful stop, as steps given to it so the tests drive it without Next or a database
 * (docs/decisions/0022-graceful-shutdown.md). lib/startup/shutdown-signals.ts wires it to the process's signals.
 */

const globalForShutdown = globalThis as unknown as { roadShuttingDown?: boolean };

/** Whether this process has begun to stop: `/api/health/ready` answers 503 from that moment on. */
export const isShuttingDown = () => globalForShutdown.roadShuttingDown === true;

/** Lifts the stop: for tests, which shut down many times in one process. */
export function resetShutdownForTests() {
  globalForShutdown.roadShuttingDown = false;
}

export interface ShutdownLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ShutdownPlan {
  /** Stops the job scheduler and resolves once the passes in flight have ended. */
  stopJobs: () => Promise<void>;
  /** Resolves once the HTTP server has stopped taking connections and answered the requests in flight. */
  requestsDrained: Promise<void>;
  /** Closed one after the other once no job and no request uses them (the LISTEN connection, then the database). */
  close: { name: string; run: () => Promise<void> }[];
  timeoutMs: number;
  /** What still runs, named in the log when time runs out (the jobs with a pass in flight). */
  stillRunning: () => string[];
  log: ShutdownLog;
}

/**
 * Marks the process as stopping at once, waits for the job passes and the requests in flight, then closes the
 * resources in order. Answers the exit code: 0 when all of it ended within `timeoutMs`, 1 when time ran out (what
 * still ran is logged) or a resource failed to close.
 */
export async function shutDown(plan: ShutdownPlan): Promise<0 | 1> {
  globalForShutdown.roadShuttingDown = true;
  let step = 'waiting for job passes and requests in flight';
  let jobsDone = false;
  let requestsDone = false;
  const work = (async (): Promise<0 | 1> => {
    await Promise.all([
      plan.stopJobs().then(() => void (jobsDone = true)),
      plan.requestsDrained.then(() => void (requestsDone = true)),
    ]);
    let code: 0 | 1 = 0;
    for (const resource of plan.close) {
      step = `closing ${resource.name}`;
      try {
        await resource.run();
      } catch (error) {
        plan.log.error({ err: error, resource: resource.name }, 'shutdown: a resource failed to close');
        code = 1;
      }
    }
    return code;
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Not unref'd: a pass that never ends may leave nothing else to keep the process alive until the timeout.
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), plan.timeoutMs);
  });
  const outcome = await Promise.race([work, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    plan.log.error(
      {
        timeoutMs: plan.timeoutMs,
        step,
        jobs: jobsDone ? [] : plan.stillRunning(),
        requestsDrained: requestsDone,
      },
      'shutdown timed out; exiting with work still running',
    );
    return 1;
  }
  plan.log.info({ code: outcome }, 'shutdown finished');
  return outcome;
}
