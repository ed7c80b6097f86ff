/**
 * Telling "the database is away" apart from every other failure, in one place: the API answers the first with
 * 503 and a retry hint, the provider's notification with its "temporary, retry" answer, pages with the shop's
 * error page; anything else stays a bug (500). Framework-free, so unit tests reach it directly.
 */

/** Seconds a client is asked to wait before retrying while the database is away (the `Retry-After` header). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The database did not answer in time or could not be reached; retrying later can succeed. */
export class DatabaseUnavailableError extends Error {
  constructor(message = 'The database is unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket-level failures of a connection to the database server (Node's `code`). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that mean the server cannot serve now, not that the statement is wrong: connection exceptions (08),
 * insufficient resources (53: disk full, out of memory, too many connections), the server shutting down or
 * starting (57P01-57P03), a statement cancelled by `statement_timeout` (57014), a read-only server (25006).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') ||
    code.startsWith('53') ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '57014' ||
    code === '25006'
  );
}

/** node-postgres and pg-pool report timeouts and lost connections by message only. */
const DRIVER_MESSAGES = [
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  // A client's own connectionTimeoutMillis (outside the pool, or when it fires before the pool's).
  /^timeout expired$/,
  /^Connection terminated/,
  /not queryable/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

function isUnavailableItself(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // A SQLSTATE is five characters, digits and capitals; Node's codes are longer and start with E.
    if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether a failure means the database is away (unreachable, too slow, shutting down, out of space) rather than a
 * wrong statement. Follows `cause` (drizzle wraps the driver's error) and the parts of an AggregateError (a
 * connection tried on several addresses).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === undefined || current === null || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableItself(current)) return true;
    if (typeof current === 'object') {
      pending.push((current as { cause?: unknown }).cause);
      if (current instanceof AggregateError) pending.push(...current.errors);
    }
  }
  return false;
}
