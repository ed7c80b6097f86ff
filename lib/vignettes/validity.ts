import { DateTime } from 'luxon';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { isYearly, type VignetteType } from './periods';

/** The calendar days a vignette covers, `YYYY-MM-DD` in Europe/Budapest, both inclusive. */
export interface Validity {
  firstDay: string;
  lastDay: string;
}

/**
 * What the buyer chose: a start day for DAY, WEEK and MONTH; for YEAR and COUNTY_YEAR optionally the year
 * (or a day of it), which otherwise defaults to the year on sale.
 */
export interface VignetteStart {
  startDate?: string;
  year?: number;
}

/** The earliest and latest start day a buyer may choose today, `YYYY-MM-DD`, both inclusive. */
export interface PurchaseWindow {
  earliestStart: string;
  latestStart: string;
}

export type ValidityErrorCode =
  'START_REQUIRED' | 'START_INVALID' | 'START_BEFORE_TODAY' | 'START_TOO_LATE' | 'YEAR_NOT_ON_SALE';

/**
 * A start the rules refuse. The message is for logs; callers map `code` to a translated message or an API
 * error, so the code is the contract.
 */
export class ValidityError extends Error {
  readonly code: ValidityErrorCode;

  constructor(code: ValidityErrorCode, message: string) {
    super(message);
    this.name = 'ValidityError';
    this.code = code;
  }
}

/** The shop's advance-sale limit for the short vignettes: a start at most this many days after today. */
const MAX_DAYS_AHEAD = 30;

/** December is pre-sale month: next year's yearly vignettes go on sale on 1 December. */
const PRE_SALE_MONTH = 12;

// Luxon alone would accept '2026-1-5' and '20260105'; the API promises the extended form only.
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day as a date-only value. Arithmetic runs in UTC, which has no daylight-saving gaps, so adding
 * days or months can never slide into a neighbouring day.
 */
function parseDay(value: string): DateTime<true> | null {
  if (!ISO_DAY.test(value)) return null;
  const day = DateTime.fromISO(value, { zone: 'utc' });
  return day.isValid ? day : null;
}

function utcDay(year: number, month: number, day: number): DateTime<true> {
  const value = DateTime.utc(year, month, day);
  if (!value.isValid) throw new RangeError(`Not a calendar day: ${year}-${month}-${day}`);
  return value;
}

function formatDay(day: DateTime<true>): string {
  return day.toISODate();
}

function budapestNow(now: Date): DateTime<true> {
  const local = DateTime.fromJSDate(now, { zone: VIGNETTE_TIME_ZONE });
  if (!local.isValid) throw new RangeError(`Not a valid instant: ${String(now)}`);
  return local;
}

/** Today in Hungary as a date-only value (see `parseDay`). */
function todayDay(now: Date): DateTime<true> {
  const local = budapestNow(now);
  return utcDay(local.year, local.month, local.day);
}

/** The start day of a short vignette; a form's empty field counts as missing rather than malformed. */
function requireStartDay(startDate: string | undefined): DateTime<true> {
  if (startDate === undefined || startDate === '') {
    throw new ValidityError('START_REQUIRED', 'A start date is required for this vignette type');
  }
  const day = parseDay(startDate);
  if (!day) throw new ValidityError('START_INVALID', `Not a calendar date (YYYY-MM-DD): ${startDate}`);
  return day;
}

/**
 * The year a yearly vignette is for. A given start date is checked even when `year` wins, so malformed input
 * never passes silently.
 */
function yearOf(start: VignetteStart, now: Date): number {
  const dayYear =
    start.startDate === undefined || start.startDate === ''
      ? undefined
      : requireStartDay(start.startDate).year;
  if (start.year !== undefined) {
    if (!Number.isInteger(start.year) || start.year < 1 || start.year > 9999) {
      throw new ValidityError('START_INVALID', `Not a year: ${String(start.year)}`);
    }
    return start.year;
  }
  if (dayYear !== undefined) return dayYear;
  const today = todayDay(now);
  return today.month === PRE_SALE_MONTH ? today.year + 1 : today.year;
}

/** Today's date in Hungary, `YYYY-MM-DD`; the server's own zone plays no part. */
export function budapestToday(now: Date): string {
  return formatDay(todayDay(now));
}

/**
 * The days a vignette covers. It computes and does not judge: a start outside the purchase window still gets
 * its validity (handy for orders already sold), so call `checkStart` before selling.
 *
 * Yearly vignettes run 13 months, 1 January to 31 January of the next year, and are never retroactive: bought
 * for the current year they start today. Their year is `start.year`, else the year of `start.startDate`, else
 * the year on sale (the next one from 1 December, Budapest time).
 *
 * @throws {ValidityError} START_REQUIRED or START_INVALID when the start cannot be read.
 */
export function validityOf(type: VignetteType, start: VignetteStart, now: Date): Validity {
  switch (type) {
    case 'DAY': {
      const day = requireStartDay(start.startDate);
      return { firstDay: formatDay(day), lastDay: formatDay(day) };
    }
    case 'WEEK': {
      const day = requireStartDay(start.startDate);
      return { firstDay: formatDay(day), lastDay: formatDay(day.plus({ days: 9 })) };
    }
    case 'MONTH': {
      // Luxon clamps to the month's end (31 January + 1 month = 28/29 February), exactly the legal rule.
      const day = requireStartDay(start.startDate);
      return { firstDay: formatDay(day), lastDay: formatDay(day.plus({ months: 1 })) };
    }
    case 'YEAR':
    case 'COUNTY_YEAR': {
      const year = yearOf(start, now);
      const today = todayDay(now);
      const firstDay = year === today.year ? today : utcDay(year, 1, 1);
      return { firstDay: formatDay(firstDay), lastDay: formatDay(utcDay(year + 1, 1, 31)) };
    }
    default: {
      const unknown: never = type;
      throw new RangeError(`Unknown vignette type: ${String(unknown)}`);
    }
  }
}

/**
 * The start days a buyer may pick today, e.g. for a date picker's min and max. For yearly vignettes the start
 * day stands for the year: in December `latestStart` is 1 January of next year, so both years can be offered.
 */
export function purchaseWindow(type: VignetteType, now: Date): PurchaseWindow {
  const today = todayDay(now);
  if (isYearly(type)) {
    const latest = today.month === PRE_SALE_MONTH ? utcDay(today.year + 1, 1, 1) : today;
    return { earliestStart: formatDay(today), latestStart: formatDay(latest) };
  }
  return { earliestStart: formatDay(today), latestStart: formatDay(today.plus({ days: MAX_DAYS_AHEAD })) };
}

/** The years whose yearly vignettes are on sale: the current one, and from 1 December also the next. */
export function sellableYears(now: Date): number[] {
  const today = todayDay(now);
  return today.month === PRE_SALE_MONTH ? [today.year, today.year + 1] : [today.year];
}

/**
 * Whether the buyer's start may be sold now: a real `YYYY-MM-DD` within the purchase window for DAY, WEEK and
 * MONTH; a year on sale for YEAR and COUNTY_YEAR (their day within the year does not matter, as they start
 * on 1 January or today).
 *
 * @throws {ValidityError} with the first rule the start breaks.
 */
export function checkStart(type: VignetteType, start: VignetteStart, now: Date): void {
  if (isYearly(type)) {
    const year = yearOf(start, now);
    const years = sellableYears(now);
    if (!years.includes(year)) {
      throw new ValidityError(
        'YEAR_NOT_ON_SALE',
        `Year ${year} is not on sale (on sale: ${years.join(', ')})`,
      );
    }
    return;
  }
  const day = formatDay(requireStartDay(start.startDate));
  const window = purchaseWindow(type, now);
  // Fixed-width ISO days compare correctly as strings.
  if (day < window.earliestStart) {
    throw new ValidityError('START_BEFORE_TODAY', `Start ${day} is before today (${window.earliestStart})`);
  }
  if (day > window.latestStart) {
    throw new ValidityError('START_TOO_LATE', `Start ${day} is after the latest start ${window.latestStart}`);
  }
}

/**
 * When a vignette's validity begins: at the payment, or at 00:00 of its first day. `PAYMENT` for one whose first day
 * is the payment's day in Hungary (or, paid late, already behind it): a vignette is never retroactive, so one bought
 * for today, or a yearly one bought for the current year, is valid from the moment it was paid (docs/domain.md,
 * Periods and validity).
 */
export type ValidityStart = 'PAYMENT' | 'MIDNIGHT';

/**
 * How `validity` starts for a payment made at `paidAt`. Before the payment (a cart, a form), pass the present: the
 * answer is then the rule for a purchase now. A first day that is not `YYYY-MM-DD` says nothing about the payment's
 * day and starts at midnight, the plain reading of a day.
 */
export function validityStart(validity: Pick<Validity, 'firstDay'>, paidAt: Date): ValidityStart {
  if (!parseDay(validity.firstDay)) return 'MIDNIGHT';
  // Fixed-width ISO days compare correctly as strings.
  return validity.firstDay <= budapestToday(paidAt) ? 'PAYMENT' : 'MIDNIGHT';
}

/**
 * The validity as instants with their Budapest offset: 00:00 of the first day to 24:00 of the last, written
 * as 00:00 of the next day. Days of a daylight-saving change are 23 or 25 hours long, which is why this is
 * not `firstDay + n × 24 h`. A vignette bought for today really starts at the payment: see `validityStart`.
 */
export function validityInstants(validity: Validity): { validFrom: string; validUntil: string } {
  const first = DateTime.fromISO(validity.firstDay, { zone: VIGNETTE_TIME_ZONE });
  const last = DateTime.fromISO(validity.lastDay, { zone: VIGNETTE_TIME_ZONE });
  if (
    !ISO_DAY.test(validity.firstDay) ||
    !ISO_DAY.test(validity.lastDay) ||
    !first.isValid ||
    !last.isValid
  ) {
    throw new RangeError(`Not a validity: ${validity.firstDay}..${validity.lastDay}`);
  }
  // Calendar arithmetic keeps the wall clock at midnight across a daylight-saving change.
  const end = last.plus({ days: 1 });
  return {
    validFrom: first.toISO({ suppressMilliseconds: true }),
    validUntil: end.toISO({ suppressMilliseconds: true }),
  };
}
