/**
 * Progressive delays for repeated failures (docs/decisions/0011-rate-limits-in-the-database.md). The count is a leaky
 * bucket, a sliding window without per-attempt rows: each remembered failure leaks away after `leakSeconds` of quiet.
 * The first `free` attempts pass at once; each further one must wait `firstDelaySeconds`, doubled per failure, up to
 * `maxDelaySeconds` after the last counted attempt. A refused attempt counts nothing, so hammering does not
 * lengthen the wait: a guesser gets one try per delay, and the owner of the account is never locked for longer
 * than the maximum delay.
 */
export interface ThrottlePolicy {
  free: number;
  leakSeconds: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

export interface ThrottleState {
  failures: number;
  lastFailureAt: Date;
}

export type ThrottleVerdict =
  { allowed: true; next: ThrottleState } | { allowed: false; retryAfterSeconds: number };

/** Whether one more attempt may go ahead now, and the state that counts it (in advance, as a failure). */
export function attemptVerdict(
  state: ThrottleState | undefined,
  now: Date,
  policy: ThrottlePolicy,
): ThrottleVerdict {
  if (!state) return { allowed: true, next: { failures: 1, lastFailureAt: now } };
  const elapsedSeconds = Math.max(0, (now.getTime() - state.lastFailureAt.getTime()) / 1000);
  const failures = Math.max(0, state.failures - elapsedSeconds / policy.leakSeconds);
  // This attempt's number within the window: the delay starts with the first one past the free ones.
  const beyond = Math.ceil(failures + 1 - policy.free - 1e-9);
  if (beyond > 0) {
    const delay = Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** (beyond - 1));
    if (elapsedSeconds < delay)
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(delay - elapsedSeconds)) };
  }
  return { allowed: true, next: { failures: failures + 1, lastFailureAt: now } };
}

/** When the next attempt may go ahead, or null when it may now: what staff see as "blocked until". */
export function blockedUntil(
  state: ThrottleState | undefined,
  now: Date,
  policy: ThrottlePolicy,
): Date | null {
  const verdict = attemptVerdict(state, now, policy);
  return verdict.allowed ? null : new Date(now.getTime() + verdict.retryAfterSeconds * 1000);
}
