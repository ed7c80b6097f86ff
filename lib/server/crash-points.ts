/**
 * Fault injection for the crash-safety tests (tests/e2e/crash-safety.spec.ts and bench/crash.ts), test-only:
 * with `CRASH_AT=<point>[:<nth>]` the server kills itself with SIGKILL the nth time (default: the first) it reaches
 * that point, as a power cut or the kernel's OOM killer would stop it: no `finally`, no answer, no cleanup. Each
 * point sits where a crash is most harmful, between two effects that the code must tolerate being split. Never set
 * on a real server; unset, a crash point costs one comparison.
 */
export const CRASH_POINTS = [
  /** The order and its items are committed; its payment is not started. */
  'order-committed',
  /** The provider opened the payment form; its address is not recorded. */
  'payment-started',
  /** Inside the paying transaction: the invoice number is taken, nothing is committed. */
  'invoice-numbered',
  /** The provider's notification is applied and committed; the provider has no answer yet. */
  'notification-accepted',
  /** The issuer (or top-up provider) delivered an item; the delivery is not recorded. */
  'delivery-issued',
  /** The e-mail was handed to the mail server; the outbox row is not marked sent. */
  'mail-sent',
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

interface Armed {
  point: CrashPoint;
  nth: number;
  reached: number;
}

/** `order-committed` or `mail-sent:3`; anything else is a mistake in a test, refused loudly. */
export function parseCrashAt(value: string | undefined): Omit<Armed, 'reached'> | null {
  if (!value) return null;
  const [, point = '', nth = '1'] = /^([a-z-]+)(?::([1-9]\d*))?$/.exec(value) ?? [];
  if (!CRASH_POINTS.includes(point as CrashPoint)) {
    throw new Error(
      `CRASH_AT must be one of ${CRASH_POINTS.join(', ')}, optionally followed by :<n> (got "${value}")`,
    );
  }
  return { point: point as CrashPoint, nth: Number(nth) };
}

// Route handlers and the background jobs are bundled apart: the count lives on globalThis, one per process.
const globalForCrash = globalThis as unknown as { roadCrashAt?: Armed | null };

function armed(): Armed | null {
  if (globalForCrash.roadCrashAt === undefined) {
    const parsed = parseCrashAt(process.env.CRASH_AT);
    globalForCrash.roadCrashAt = parsed && { ...parsed, reached: 0 };
  }
  return globalForCrash.roadCrashAt;
}

/** Kills the process here if the tests asked for a crash at this point (see the module's comment). */
export function crashPoint(point: CrashPoint): void {
  const crash = armed();
  if (!crash || crash.point !== point || ++crash.reached !== crash.nth) return;
  // Said on stderr, synchronously, so the test can tell this death from an accidental one.
  process.stderr.write(`CRASH_AT ${point}:${crash.nth}: killing process ${process.pid}\n`);
  process.kill(process.pid, 'SIGKILL');
}
