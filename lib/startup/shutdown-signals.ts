import 'server-only';

import { closeDatabase } from '@/lib/db/client';
import { logger } from '@/lib/log/logger';
import { closeConnectionsAsTheyFallIdle } from '@/lib/server/incoming-requests';
import { runningJobs, stopJobs } from '@/lib/server/jobs';
import { shutDown } from '@/lib/server/shutdown';
import { stopCatalogListener } from './workers';

const installed = globalThis as unknown as { roadShutdownSignals?: boolean };

/**
 * Stops the server gracefully on SIGTERM and SIGINT (docs/decisions/0022-graceful-shutdown.md). Next's `next start`
 * handles the same signals itself: it closes its HTTP server, waits for the requests in flight and then calls
 * `process.exit(143)`. That exit is held here until the job passes have ended and the database is closed; the
 * process then exits 0, or 1 past `timeoutSeconds`. With NEXT_MANUAL_SIG_HANDLE set Next leaves its server open, so
 * nothing waits for requests.
 */
export function handleShutdownSignals(timeoutSeconds: number) {
  if (installed.roadShutdownSignals) return;
  installed.roadShutdownSignals = true;
  const exit = process.exit.bind(process);
  let markDrained: () => void = () => {};
  const requestsDrained = new Promise<void>((resolve) => (markDrained = resolve));
  let stopping = false;

  process.exit = ((code?: number) => {
    if (!stopping) return exit(code);
    // Next's cleanup has answered its last request: our shutdown goes on and exits when it is done.
    markDrained();
    return undefined as never;
  }) as typeof process.exit;

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, timeoutSeconds }, 'shutting down: no new job passes; waiting for work in flight');
    if (process.env.NEXT_MANUAL_SIG_HANDLE) markDrained();
    else closeConnectionsAsTheyFallIdle();
    void shutDown({
      stopJobs,
      requestsDrained,
      close: [
        { name: 'the catalog listener', run: stopCatalogListener },
        { name: 'the database', run: closeDatabase },
      ],
      timeoutMs: timeoutSeconds * 1000,
      stillRunning: runningJobs,
      log: logger,
    }).then((code) => exit(code));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
