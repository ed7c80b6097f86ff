import { CRASH_POINTS, parseCrashAt } from '@/lib/server/crash-points';

describe("CRASH_AT, the crash tests' fault injection", () => {
  it('is off when unset or empty', () => {
    expect(parseCrashAt(undefined)).toBeNull();
    expect(parseCrashAt('')).toBeNull();
  });

  it('names a point, and optionally which time it is reached kills the process', () => {
    expect(parseCrashAt('mail-sent')).toEqual({ point: 'mail-sent', nth: 1 });
    expect(parseCrashAt('delivery-issued:3')).toEqual({ point: 'delivery-issued', nth: 3 });
    for (const point of CRASH_POINTS) expect(parseCrashAt(point)?.point).toBe(point);
  });

  it('refuses a point that does not exist or a count that is not a positive whole number, naming the variable', () => {
    for (const value of ['mail-snet', 'mail-sent:0', 'mail-sent:x', 'mail-sent:1:2', ':1']) {
      expect(() => parseCrashAt(value)).toThrow(/CRASH_AT/);
    }
  });
});
