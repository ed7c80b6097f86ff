import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a request learned while it was answered that changes its status: the database was away and the answer could
 * not be made without it. Node's server is hooked (lib/server/incoming-requests.ts) to run each request in a scope
 * and to send such an answer as 503 with `Retry-After` (lib/db/errors.ts) rather than Next's 500 (or the 200 of a
 * page that showed the shop's "temporarily unavailable" view): a client, a monitor or a search engine then knows to
 * come back. On globalThis: the hook (instrumentation) and the pages are bundled apart.
 */
export interface RequestScope {
  /** A read the answer needed failed: a failed answer (5xx) is sent as 503. */
  databaseAway?: boolean;
  /** The answer is the shop's "temporarily unavailable" view: sent as 503 although it rendered (200). */
  unavailableShown?: boolean;
  /**
   * The answer is the shop's "too many requests" view: sent as 429, with this many seconds in `Retry-After`, although
   * it rendered (200).
   */
  tooManyRequestsShown?: { retryAfterSeconds: number };
}

const realm = globalThis as unknown as { roadRequestScope?: AsyncLocalStorage<RequestScope> };
const storage = () => (realm.roadRequestScope ??= new AsyncLocalStorage<RequestScope>());

/** Runs `answer` (a request's handling) in `scope`. */
export const inRequestScope = <T>(scope: RequestScope, answer: () => T): T => storage().run(scope, answer);

/** Marks the current request as failed for want of the database; nothing outside a request's scope. */
export function noteDatabaseAway(): void {
  const scope = storage().getStore();
  if (scope) scope.databaseAway = true;
}

/** Marks the current request's answer as the shop's "temporarily unavailable" view. */
export function noteUnavailableShown(): void {
  const scope = storage().getStore();
  if (scope) scope.unavailableShown = true;
}

/** Marks the current request's answer as the shop's "too many requests" view, to be tried again after `seconds`. */
export function noteTooManyRequestsShown(retryAfterSeconds: number): void {
  const scope = storage().getStore();
  if (scope) scope.tooManyRequestsShown = { retryAfterSeconds };
}
