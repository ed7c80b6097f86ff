import { byCheckOrder, vignetteCheckStatus, type VignetteCheckStatus } from '@/lib/vignettes/check-status';

/*
 * The validity check's status of a vignette, with a controlled clock: the days are Budapest's calendar days, whatever
 * the server's zone, and a refunded order's vignette is refunded whatever its days say.
 */
const WEEK = { firstDay: '2026-07-10', lastDay: '2026-07-19' };
const at = (iso: string) => new Date(iso);

describe('vignetteCheckStatus', () => {
  it('is active from its first day to its last, both included', () => {
    expect(vignetteCheckStatus(WEEK, false, at('2026-07-10T08:00:00Z'))).toBe('ACTIVE');
    expect(vignetteCheckStatus(WEEK, false, at('2026-07-15T12:00:00Z'))).toBe('ACTIVE');
    // 23:59 in Budapest on the last day (CEST, UTC+2).
    expect(vignetteCheckStatus(WEEK, false, at('2026-07-19T21:59:00Z'))).toBe('ACTIVE');
  });

  it('is upcoming before its first day, by Budapest midnight', () => {
    expect(vignetteCheckStatus(WEEK, false, at('2026-07-01T10:00:00Z'))).toBe('UPCOMING');
    // 23:30 in Budapest on the day before.
    expect(vignetteCheckStatus(WEEK, false, at('2026-07-09T21:30:00Z'))).toBe('UPCOMING');
    // 00:30 in Budapest on the first day, still 9 July in UTC.
    expect(vignetteCheckStatus(WEEK, false, at('2026-07-09T22:30:00Z'))).toBe('ACTIVE');
  });

  it('has ended from the day after its last, by Budapest midnight', () => {
    // 00:00 in Budapest on 20 July, 23:00 in Lisbon or London the day before.
    expect(vignetteCheckStatus(WEEK, false, at('2026-07-19T22:00:00Z'))).toBe('ENDED');
    expect(vignetteCheckStatus(WEEK, false, at('2027-01-01T00:00:00Z'))).toBe('ENDED');
  });

  it('follows Budapest in winter too (CET, UTC+1)', () => {
    const yearly = { firstDay: '2026-01-01', lastDay: '2027-01-31' };
    expect(vignetteCheckStatus(yearly, false, at('2027-01-31T22:59:00Z'))).toBe('ACTIVE');
    expect(vignetteCheckStatus(yearly, false, at('2027-01-31T23:00:00Z'))).toBe('ENDED');
    expect(vignetteCheckStatus(yearly, false, at('2025-12-31T22:59:00Z'))).toBe('UPCOMING');
  });

  it('is refunded when its order was, whether its days are ahead, current or behind', () => {
    for (const now of ['2026-07-01T10:00:00Z', '2026-07-15T10:00:00Z', '2026-08-01T10:00:00Z']) {
      expect(vignetteCheckStatus(WEEK, true, at(now))).toBe('REFUNDED');
    }
  });
});

describe('byCheckOrder', () => {
  it('lists what covers the car today first, then what comes, then the past, the latest first within each', () => {
    const rows: { status: VignetteCheckStatus; firstDay: string; lastDay: string }[] = [
      { status: 'ENDED', firstDay: '2025-01-01', lastDay: '2026-01-31' },
      { status: 'REFUNDED', firstDay: '2026-07-10', lastDay: '2026-07-19' },
      { status: 'UPCOMING', firstDay: '2026-08-01', lastDay: '2026-08-10' },
      { status: 'ENDED', firstDay: '2026-06-01', lastDay: '2026-06-01' },
      { status: 'ACTIVE', firstDay: '2026-07-01', lastDay: '2026-07-31' },
    ];
    expect([...rows].sort(byCheckOrder).map((row) => `${row.status} ${row.lastDay}`)).toEqual([
      'ACTIVE 2026-07-31',
      'UPCOMING 2026-08-10',
      'ENDED 2026-06-01',
      'ENDED 2026-01-31',
      'REFUNDED 2026-07-19',
    ]);
  });
});
