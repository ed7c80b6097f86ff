import {
  budapestToday,
  checkStart,
  isSurelyBudapestToday,
  purchaseWindow,
  sellableYears,
  validityOf,
  validityStart,
  ValidityError,
  type VignetteStart,
} from '@/lib/vignettes/validity';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { addDays } from '@/lib/dates/calendar-dates';
import type { VignetteType } from '@/lib/vignettes/periods';

/** An instant; always with an explicit zone so the test reads the same on any machine. */
const at = (iso: string) => new Date(iso);

// Mid-January in Hungary, far from every boundary: for the cases where "now" does not matter.
const JAN_10 = at('2026-01-10T10:00:00Z');

/** The code of the ValidityError `fn` throws, or undefined when it accepts. */
function codeOf(fn: () => void): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidityError) return error.code;
    throw error;
  }
  return undefined;
}

describe('isSurelyBudapestToday', () => {
  it('says yes only when it is that day in Budapest, for all but the hour the season decides', () => {
    // Every quarter of an hour of 2026 and 2027, across both changes of clock each year.
    const hoursSure = new Map<string, number>();
    for (
      let time = Date.parse('2026-01-01T00:00:00Z');
      time < Date.parse('2028-01-01T00:00:00Z');
      time += 900_000
    ) {
      const now = new Date(time);
      const today = budapestToday(now);
      for (const day of [today, addDays(today, -1), addDays(today, 1)]) {
        if (!isSurelyBudapestToday(day, now)) continue;
        expect(day).toBe(today);
        hoursSure.set(day, (hoursSure.get(day) ?? 0) + 0.25);
      }
    }
    // Each day, 23, 24 or 25 hours long, is sure from an hour after its earliest start to its earliest end: 23 hours.
    const wholeDays = [...hoursSure.values()].slice(1, -1);
    expect(wholeDays).toHaveLength(729);
    expect(new Set(wholeDays)).toEqual(new Set([23]));
    expect(isSurelyBudapestToday('2026-07-01', at('2026-06-30T23:00:00Z'))).toBe(true);
    expect(isSurelyBudapestToday('2026-07-01', at('2026-07-01T21:59:59Z'))).toBe(true);
    expect(isSurelyBudapestToday('2026-07-01', at('2026-07-01T22:00:00Z'))).toBe(false);
  });
});

describe('budapestToday', () => {
  it('takes the day in Budapest, not in UTC', () => {
    expect(budapestToday(at('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(budapestToday(at('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    // Summer time: Budapest is UTC+2.
    expect(budapestToday(at('2026-07-01T21:59:59Z'))).toBe('2026-07-01');
    expect(budapestToday(at('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  describe("whatever the machine's zone", () => {
    const machineZone = process.env.TZ;
    afterEach(() => {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    });

    it.each(['Pacific/Kiritimati', 'America/Los_Angeles', 'UTC'])('%s', (zone) => {
      // Node re-reads TZ when it is set: the zone of a buyer's phone abroad or of a server.
      process.env.TZ = zone;
      expect(budapestToday(at('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
      expect(validityOf('DAY', { startDate: '2026-03-29' }, JAN_10)).toEqual({
        firstDay: '2026-03-29',
        lastDay: '2026-03-29',
      });
      expect(validityOf('MONTH', { startDate: '2026-01-31' }, JAN_10).lastDay).toBe('2026-02-28');
    });
  });

  it('refuses an invalid instant', () => {
    expect(() => budapestToday(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('names the zone', () => {
    expect(VIGNETTE_TIME_ZONE).toBe('Europe/Budapest');
  });
});

describe('validityOf', () => {
  describe('DAY', () => {
    it('is the chosen day', () => {
      expect(validityOf('DAY', { startDate: '2026-05-20' }, JAN_10)).toEqual({
        firstDay: '2026-05-20',
        lastDay: '2026-05-20',
      });
    });

    it('exists on 29 February of a leap year only', () => {
      expect(validityOf('DAY', { startDate: '2028-02-29' }, JAN_10).lastDay).toBe('2028-02-29');
      expect(codeOf(() => validityOf('DAY', { startDate: '2026-02-29' }, JAN_10))).toBe('START_INVALID');
    });
  });

  describe('WEEK (10 days)', () => {
    it.each([
      ['2026-01-01', '2026-01-10'],
      ['2026-01-25', '2026-02-03'], // across a month end
      ['2026-02-25', '2026-03-06'], // across February, common year
      ['2028-02-25', '2028-03-05'], // across February, leap year
      ['2026-12-28', '2027-01-06'], // across a year end
      ['2026-12-31', '2027-01-09'],
    ])('from %s to %s', (startDate, lastDay) => {
      expect(validityOf('WEEK', { startDate }, JAN_10)).toEqual({ firstDay: startDate, lastDay });
    });
  });

  describe('MONTH', () => {
    it.each([
      ['2026-01-15', '2026-02-15'],
      ['2026-01-31', '2026-02-28'], // no 31 February: its last day
      ['2026-01-30', '2026-02-28'],
      ['2026-01-29', '2026-02-28'],
      ['2026-01-28', '2026-02-28'],
      ['2028-01-31', '2028-02-29'], // leap year
      ['2028-01-30', '2028-02-29'],
      ['2028-01-29', '2028-02-29'],
      ['2026-02-28', '2026-03-28'],
      ['2028-02-29', '2028-03-29'],
      ['2026-03-31', '2026-04-30'],
      ['2026-05-31', '2026-06-30'],
      ['2026-08-31', '2026-09-30'],
      ['2026-12-31', '2027-01-31'], // across a year end
      ['2026-12-15', '2027-01-15'],
    ])('from %s to %s', (startDate, lastDay) => {
      expect(validityOf('MONTH', { startDate }, JAN_10)).toEqual({ firstDay: startDate, lastDay });
    });
  });

  describe.each<VignetteType>(['YEAR', 'COUNTY_YEAR'])('%s', (type) => {
    it('runs 13 months, 1 January to 31 January of the next year, bought before the year starts', () => {
      expect(validityOf(type, { year: 2027 }, at('2026-12-10T10:00:00Z'))).toEqual({
        firstDay: '2027-01-01',
        lastDay: '2028-01-31',
      });
    });

    it('starts on 1 January when bought that day', () => {
      expect(validityOf(type, {}, at('2026-01-01T08:00:00Z'))).toEqual({
        firstDay: '2026-01-01',
        lastDay: '2027-01-31',
      });
    });

    it('is never retroactive: bought mid-year it starts today', () => {
      const now = at('2026-07-15T10:00:00Z');
      expect(validityOf(type, { year: 2026 }, now)).toEqual({
        firstDay: '2026-07-15',
        lastDay: '2027-01-31',
      });
      expect(validityOf(type, { startDate: '2026-01-01' }, now)).toEqual({
        firstDay: '2026-07-15',
        lastDay: '2027-01-31',
      });
    });

    it('takes "today" in Budapest at the year boundary', () => {
      // 23:30 UTC on 31 December is already 1 January 2027 in Budapest.
      expect(validityOf(type, {}, at('2026-12-31T23:30:00Z'))).toEqual({
        firstDay: '2027-01-01',
        lastDay: '2028-01-31',
      });
    });

    it('ends on 31 January of a leap year like any other', () => {
      expect(validityOf(type, { year: 2027 }, at('2026-12-01T10:00:00Z')).lastDay).toBe('2028-01-31');
    });

    it('defaults to the current year until 30 November, Budapest time', () => {
      // 23:59:59 on 30 November in Budapest (UTC+1).
      expect(validityOf(type, {}, at('2026-11-30T22:59:59Z'))).toEqual({
        firstDay: '2026-11-30',
        lastDay: '2027-01-31',
      });
    });

    it('defaults to the next year from 1 December, Budapest time (pre-sale)', () => {
      // 00:00 on 1 December in Budapest, still 30 November in UTC.
      expect(validityOf(type, {}, at('2026-11-30T23:00:00Z'))).toEqual({
        firstDay: '2027-01-01',
        lastDay: '2028-01-31',
      });
      expect(validityOf(type, {}, at('2026-12-31T22:59:59Z')).firstDay).toBe('2027-01-01');
    });

    it('still sells the current year in December when asked', () => {
      expect(validityOf(type, { year: 2026 }, at('2026-12-10T10:00:00Z'))).toEqual({
        firstDay: '2026-12-10',
        lastDay: '2027-01-31',
      });
    });

    it('takes the year from start.year before start.startDate', () => {
      const now = at('2026-12-10T10:00:00Z');
      expect(validityOf(type, { startDate: '2027-01-01' }, now).firstDay).toBe('2027-01-01');
      expect(validityOf(type, { startDate: '2026-12-20' }, now).firstDay).toBe('2026-12-10');
      expect(validityOf(type, { year: 2026, startDate: '2027-01-01' }, now).firstDay).toBe('2026-12-10');
    });
  });

  it('requires a readable start', () => {
    expect(codeOf(() => validityOf('MONTH', {}, JAN_10))).toBe('START_REQUIRED');
    expect(codeOf(() => validityOf('WEEK', { startDate: '2026-13-01' }, JAN_10))).toBe('START_INVALID');
    expect(codeOf(() => validityOf('YEAR', { year: 2026.5 }, JAN_10))).toBe('START_INVALID');
    expect(codeOf(() => validityOf('YEAR', { startDate: 'next year' }, JAN_10))).toBe('START_INVALID');
  });
});

describe('purchaseWindow', () => {
  it.each<VignetteType>(['DAY', 'WEEK', 'MONTH'])('%s: from today to today + 30 days', (type) => {
    expect(purchaseWindow(type, JAN_10)).toEqual({ earliestStart: '2026-01-10', latestStart: '2026-02-09' });
    expect(purchaseWindow(type, at('2028-02-10T10:00:00Z'))).toEqual({
      earliestStart: '2028-02-10',
      latestStart: '2028-03-11',
    });
  });

  it('starts at today in Budapest, not in UTC', () => {
    expect(purchaseWindow('DAY', at('2026-12-31T23:30:00Z'))).toEqual({
      earliestStart: '2027-01-01',
      latestStart: '2027-01-31',
    });
  });

  it.each<VignetteType>(['YEAR', 'COUNTY_YEAR'])('%s: today only, outside December', (type) => {
    expect(purchaseWindow(type, at('2026-11-30T22:59:59Z'))).toEqual({
      earliestStart: '2026-11-30',
      latestStart: '2026-11-30',
    });
  });

  it.each<VignetteType>(['YEAR', 'COUNTY_YEAR'])('%s: up to 1 January of next year in December', (type) => {
    expect(purchaseWindow(type, at('2026-11-30T23:00:00Z'))).toEqual({
      earliestStart: '2026-12-01',
      latestStart: '2027-01-01',
    });
    expect(purchaseWindow(type, at('2026-12-31T12:00:00Z'))).toEqual({
      earliestStart: '2026-12-31',
      latestStart: '2027-01-01',
    });
  });
});

describe('sellableYears', () => {
  it.each([
    ['2026-01-01T00:00:00+01:00', [2026]],
    ['2026-11-30T22:59:59Z', [2026]], // 23:59:59 on 30 November in Budapest
    ['2026-11-30T23:00:00Z', [2026, 2027]], // 00:00 on 1 December in Budapest
    ['2026-12-31T22:59:59Z', [2026, 2027]],
    ['2026-12-31T23:30:00Z', [2027]], // already 1 January in Budapest
    ['2025-12-31T23:30:00Z', [2026]],
  ])('at %s', (iso, years) => {
    expect(sellableYears(at(iso))).toEqual(years);
  });
});

describe('checkStart', () => {
  const accepts = (type: VignetteType, start: VignetteStart, now: Date) =>
    expect(codeOf(() => checkStart(type, start, now))).toBeUndefined();
  const refuses = (type: VignetteType, start: VignetteStart, now: Date) =>
    expect(codeOf(() => checkStart(type, start, now)));

  it('throws a ValidityError carrying its code', () => {
    let thrown: unknown;
    try {
      checkStart('DAY', {}, JAN_10);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidityError);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).toMatchObject({ name: 'ValidityError', code: 'START_REQUIRED' });
  });

  describe.each<VignetteType>(['DAY', 'WEEK', 'MONTH'])('%s', (type) => {
    it('accepts today up to today + 30 days', () => {
      accepts(type, { startDate: '2026-01-10' }, JAN_10);
      accepts(type, { startDate: '2026-01-25' }, JAN_10);
      accepts(type, { startDate: '2026-02-09' }, JAN_10);
    });

    it('START_REQUIRED without a start date, or with an empty one', () => {
      refuses(type, {}, JAN_10).toBe('START_REQUIRED');
      refuses(type, { startDate: '' }, JAN_10).toBe('START_REQUIRED');
      // A year is no start day for a short vignette.
      refuses(type, { year: 2026 }, JAN_10).toBe('START_REQUIRED');
    });

    it.each([
      '2026-02-30',
      '2026-02-29', // not a leap year
      '2026-13-01',
      '2026-00-10',
      '2026-01-32',
      '2026-1-5',
      '20260115',
      '2026-01-15T00:00:00',
      ' 2026-01-15',
      '15.01.2026',
    ])('START_INVALID for %j', (startDate) => {
      refuses(type, { startDate }, JAN_10).toBe('START_INVALID');
    });

    it('START_BEFORE_TODAY for yesterday', () => {
      refuses(type, { startDate: '2026-01-09' }, JAN_10).toBe('START_BEFORE_TODAY');
    });

    it('START_BEFORE_TODAY for a day that is still today in UTC but past in Budapest', () => {
      const now = at('2026-12-31T23:30:00Z');
      refuses(type, { startDate: '2026-12-31' }, now).toBe('START_BEFORE_TODAY');
      accepts(type, { startDate: '2027-01-01' }, now);
    });

    it('START_TOO_LATE after today + 30 days', () => {
      refuses(type, { startDate: '2026-02-10' }, JAN_10).toBe('START_TOO_LATE');
      refuses(type, { startDate: '2027-01-10' }, JAN_10).toBe('START_TOO_LATE');
    });
  });

  describe.each<VignetteType>(['YEAR', 'COUNTY_YEAR'])('%s', (type) => {
    const NOV_30 = at('2026-11-30T22:59:59Z'); // 23:59:59 in Budapest
    const DEC_1 = at('2026-11-30T23:00:00Z'); // 00:00 in Budapest

    it('accepts the current year, by default, by year or by a day of it', () => {
      accepts(type, {}, NOV_30);
      accepts(type, { year: 2026 }, NOV_30);
      accepts(type, { startDate: '2026-11-30' }, NOV_30);
      // The day within the year does not matter: the vignette starts today anyway.
      accepts(type, { startDate: '2026-03-01' }, NOV_30);
    });

    it('YEAR_NOT_ON_SALE for next year in November', () => {
      refuses(type, { year: 2027 }, NOV_30).toBe('YEAR_NOT_ON_SALE');
      refuses(type, { startDate: '2027-01-01' }, NOV_30).toBe('YEAR_NOT_ON_SALE');
    });

    it('accepts both years from 1 December, Budapest time', () => {
      accepts(type, {}, DEC_1);
      accepts(type, { year: 2026 }, DEC_1);
      accepts(type, { year: 2027 }, DEC_1);
      accepts(type, { startDate: '2027-01-01' }, DEC_1);
      refuses(type, { year: 2028 }, DEC_1).toBe('YEAR_NOT_ON_SALE');
    });

    it('YEAR_NOT_ON_SALE for a past year, even in January while it is still valid', () => {
      refuses(type, { year: 2025 }, JAN_10).toBe('YEAR_NOT_ON_SALE');
      // 31 December 23:30 UTC is 1 January in Budapest: the old year is over.
      refuses(type, { year: 2026 }, at('2026-12-31T23:30:00Z')).toBe('YEAR_NOT_ON_SALE');
    });

    it('START_INVALID for a malformed year or start date', () => {
      refuses(type, { year: 2026.5 }, JAN_10).toBe('START_INVALID');
      refuses(type, { year: Number.NaN }, JAN_10).toBe('START_INVALID');
      refuses(type, { startDate: '2026-02-30' }, JAN_10).toBe('START_INVALID');
      refuses(type, { year: 2026, startDate: '2026-1-5' }, JAN_10).toBe('START_INVALID');
    });
  });
});

describe('validityStart', () => {
  it('starts a vignette bought for the day of payment at the payment', () => {
    const paid = at('2026-11-24T13:35:00Z');
    expect(validityStart(validityOf('DAY', { startDate: '2026-11-24' }, paid), paid)).toBe('PAYMENT');
    expect(validityStart(validityOf('MONTH', { startDate: '2026-11-24' }, paid), paid)).toBe('PAYMENT');
    // Yearly ones bought for the current year start today, so at the payment too.
    expect(validityStart(validityOf('COUNTY_YEAR', {}, paid), paid)).toBe('PAYMENT');
    expect(validityStart(validityOf('YEAR', { year: 2026 }, paid), paid)).toBe('PAYMENT');
  });

  it('starts a vignette for a later day at 00:00 of that day', () => {
    const paid = at('2026-11-24T13:35:00Z');
    expect(validityStart(validityOf('WEEK', { startDate: '2026-11-25' }, paid), paid)).toBe('MIDNIGHT');
    const december = at('2026-12-05T10:00:00Z');
    expect(validityStart(validityOf('YEAR', { year: 2027 }, december), december)).toBe('MIDNIGHT');
  });

  it("takes the payment's day in Budapest, not in UTC", () => {
    const tomorrow = { firstDay: '2027-01-01' };
    // 23:30 UTC on 31 December is already 00:30 on 1 January in Budapest.
    expect(validityStart(tomorrow, at('2026-12-31T23:30:00Z'))).toBe('PAYMENT');
    expect(validityStart(tomorrow, at('2026-12-31T22:59:59Z'))).toBe('MIDNIGHT');
  });

  it('is never retroactive: a payment after the first day began starts the validity', () => {
    expect(validityStart({ firstDay: '2026-11-23' }, at('2026-11-23T23:05:00Z'))).toBe('PAYMENT');
  });

  it('reads a first day that is not a calendar day as midnight', () => {
    expect(validityStart({ firstDay: 'soon' }, JAN_10)).toBe('MIDNIGHT');
    expect(validityStart({ firstDay: '2026-1-10' }, JAN_10)).toBe('MIDNIGHT');
  });
});
