import {
  normaliseEmail,
  orderReference,
  sameAgain,
  sameAgainStart,
  vignetteStanding,
} from '@/lib/buyers/my-orders-rules';

// 23:30 in Budapest on 9 March 2026 is still 9 March there, while UTC has it 22:30 the same day; 00:30 in Budapest
// on 10 March is 23:30 UTC on 9 March: the Budapest calendar decides.
const LATE_ON_9_MARCH = new Date('2026-03-09T22:30:00Z');
const EARLY_ON_10_MARCH = new Date('2026-03-09T23:30:00Z');

describe('normaliseEmail', () => {
  it('trims and lower-cases, as the orders are compared', () => {
    expect(normaliseEmail('  Ana.Popescu@Example.RO ')).toBe('ana.popescu@example.ro');
  });
});

describe('orderReference', () => {
  it('is the order’s short reference, or its id for an order older than references', () => {
    expect(orderReference({ id: 'AbCdEfGh_jklmnopqrstuv', reference: 'RP-7K3-9QX' })).toBe('RP-7K3-9QX');
    expect(orderReference({ id: 'AbCdEfGh_jklmnopqrstuv', reference: null })).toBe('AbCdEfGh_jklmnopqrstuv');
  });
});

describe('vignetteStanding', () => {
  const validity = { firstDay: '2026-03-10', lastDay: '2026-03-19' };

  it('is upcoming before its first Budapest day, active from it to its last, ended after', () => {
    expect(vignetteStanding(validity, LATE_ON_9_MARCH)).toBe('UPCOMING');
    expect(vignetteStanding(validity, EARLY_ON_10_MARCH)).toBe('ACTIVE');
    expect(vignetteStanding(validity, new Date('2026-03-19T21:59:00Z'))).toBe('ACTIVE');
    expect(vignetteStanding(validity, new Date('2026-03-19T23:00:00Z'))).toBe('ENDED');
  });

  it('counts a one-day vignette active all its day', () => {
    const day = { firstDay: '2026-03-10', lastDay: '2026-03-10' };
    expect(vignetteStanding(day, new Date('2026-03-10T12:00:00Z'))).toBe('ACTIVE');
  });
});

describe('sameAgainStart', () => {
  it('is the day after the current vignette ends while it runs or is to come', () => {
    expect(sameAgainStart('2026-03-19', EARLY_ON_10_MARCH)).toBe('2026-03-20');
    expect(sameAgainStart('2026-03-09', LATE_ON_9_MARCH)).toBe('2026-03-10');
  });

  it('is today once it has ended', () => {
    expect(sameAgainStart('2026-03-09', EARLY_ON_10_MARCH)).toBe('2026-03-10');
    expect(sameAgainStart('2025-12-31', EARLY_ON_10_MARCH)).toBe('2026-03-10');
  });
});

describe('sameAgain', () => {
  const car = { categoryCode: 'CAR', plate: 'B123ABC', country: 'RO' };

  it('keeps the vehicle, category and period, from the day after the current one ends', () => {
    expect(
      sameAgain(
        { ...car, type: 'WEEK' },
        { firstDay: '2026-03-10', lastDay: '2026-03-19' },
        EARLY_ON_10_MARCH,
      ),
    ).toEqual({
      ...car,
      type: 'WEEK',
      startDate: '2026-03-20',
      firstDay: '2026-03-20',
      lastDay: '2026-03-29',
    });
  });

  it('starts an ended monthly vignette today', () => {
    expect(
      sameAgain(
        { ...car, type: 'MONTH' },
        { firstDay: '2026-01-05', lastDay: '2026-02-05' },
        EARLY_ON_10_MARCH,
      ),
    ).toMatchObject({ startDate: '2026-03-10', firstDay: '2026-03-10', lastDay: '2026-04-10' });
  });

  it('gives a yearly county vignette the next year, in the same county', () => {
    const now = new Date('2026-12-15T10:00:00Z');
    expect(
      sameAgain(
        { ...car, type: 'COUNTY_YEAR', county: 'PEST' },
        { firstDay: '2026-01-01', lastDay: '2027-01-31' },
        now,
      ),
    ).toEqual({
      ...car,
      type: 'COUNTY_YEAR',
      county: 'PEST',
      startDate: '2027-02-01',
      firstDay: '2027-01-01',
      lastDay: '2028-01-31',
    });
  });

  it('starts a vignette never issued on its own first day, or today once that has passed', () => {
    const unpaid = { firstDay: '2026-03-12', lastDay: '2026-03-21' };
    expect(sameAgain({ ...car, type: 'WEEK' }, unpaid, EARLY_ON_10_MARCH, false)).toMatchObject({
      startDate: '2026-03-12',
      lastDay: '2026-03-21',
    });
    expect(
      sameAgain({ ...car, type: 'WEEK' }, unpaid, new Date('2026-03-15T10:00:00Z'), false).startDate,
    ).toBe('2026-03-15');
  });

  it('gives an ended yearly vignette this year’s, from today', () => {
    expect(
      sameAgain(
        { ...car, type: 'YEAR' },
        { firstDay: '2025-01-01', lastDay: '2026-01-31' },
        EARLY_ON_10_MARCH,
      ),
    ).toMatchObject({ startDate: '2026-03-10', firstDay: '2026-03-10', lastDay: '2027-01-31' });
  });
});
