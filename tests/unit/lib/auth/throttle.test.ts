import { attemptVerdict, type ThrottlePolicy } from '@/lib/auth/throttle';

const POLICY: ThrottlePolicy = { free: 3, leakSeconds: 60, firstDelaySeconds: 2, maxDelaySeconds: 10 };
const start = new Date('2026-11-24T10:00:00Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe('progressive delays in a leaking window', () => {
  it('lets the free attempts through at once, then doubles the wait up to the maximum', () => {
    let state = undefined as Parameters<typeof attemptVerdict>[0];
    let now = 0;
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const refused = attemptVerdict(state, at(now), POLICY);
      if (!refused.allowed) {
        waits.push(refused.retryAfterSeconds);
        now += refused.retryAfterSeconds;
      }
      const verdict = attemptVerdict(state, at(now), POLICY);
      if (!verdict.allowed) throw new Error(`refused after waiting, at attempt ${attempt}`);
      state = verdict.next;
    }
    // Three free, then 2, 4, 8 and 10 (the cap) seconds; the leak over the waits rounds nothing away.
    expect(waits).toEqual([2, 4, 8, 10, 10]);
  });

  it('refuses without counting: hammering does not lengthen the wait', () => {
    const state = { failures: 3, lastFailureAt: start };
    const first = attemptVerdict(state, at(0.5), POLICY);
    const again = attemptVerdict(state, at(1), POLICY);
    expect(first).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(again).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('forgets failures as time passes (one per leak period)', () => {
    const state = { failures: 3, lastFailureAt: start };
    // After one leak period two failures are left: the next attempt is free again.
    const verdict = attemptVerdict(state, at(60), POLICY);
    expect(verdict.allowed).toBe(true);
    if (verdict.allowed) expect(verdict.next.failures).toBeCloseTo(3);
    expect(attemptVerdict({ failures: 50, lastFailureAt: start }, at(3600), POLICY).allowed).toBe(true);
  });
});
