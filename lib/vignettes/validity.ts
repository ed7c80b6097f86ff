import {
  addDays,
  addMonths,
  daysInMonth,
  parseIso,
  toIso,
  utcDate,
  yearOf as yearOfDay,
} from '@/lib/dates/calendar-dates';
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

// The API promises the extended form only: '2026-1-5' and '20260105' are not days.
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day as a `YYYY-MM-DD` string, or null when it is not one (2026-02-30). Days are plain strings with
 * UTC-date arithmetic (lib/dates/calendar-dates): no zone, so no daylight-saving gap can slide one into its neighbour.
 * No date library here: this module runs in the buyer's browser too, where every kilobyte counts.
 */
function parseDay(value: string): string | null {
  if (!ISO_DAY.test(value)) return null;
  const { year, month, day } = parseIso(value);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) ? value : null;
}

function utcDay(year: number, month: number, day: number): string {
  const value = parseDay(toIso({ year, month, day }));
  if (!value) throw new RangeError(`Not a calendar day: ${year}-${month}-${day}`);
  return value;
}

// Made at its first use, not when a page's scripts load this module (lib/i18n/preformatted.ts says what it costs).
let budapestDay: Intl.DateTimeFormat | undefined;

/** Today in Hungary as a calendar day; the server's or the browser's own zone plays no part. */
function todayDay(now: Date): string {
  if (Number.isNaN(now.getTime())) throw new RangeError(`Not a valid instant: ${String(now)}`);
  budapestDay ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: VIGNETTE_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = budapestDay.formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => Number(parts.find((entry) => entry.type === type)?.value);
  return utcDay(part('year'), part('month'), part('day'));
}

const monthOfDay = (day: string) => parseIso(day).month;

/** The start day of a short vignette; a form's empty field counts as missing rather than malformed. */
function requireStartDay(startDate: string | undefined): string {
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
      : yearOfDay(requireStartDay(start.startDate));
  if (start.year !== undefined) {
    if (!Number.isInteger(start.year) || start.year < 1 || start.year > 9999) {
      throw new ValidityError('START_INVALID', `Not a year: ${String(start.year)}`);
    }
    return start.year;
  }
  if (dayYear !== undefined) return dayYear;
  const today = todayDay(now);
  return monthOfDay(today) === PRE_SALE_MONTH ? yearOfDay(today) + 1 : yearOfDay(today);
}

/** Today's date in Hungary, `YYYY-MM-DD`; the server's own zone plays no part. */
export function budapestToday(now: Date): string {
  return todayDay(now);
}

const HOUR_MS = 3_600_000;

/**
 * Whether `day` is surely Hungary's today at `now`, known without a time-zone formatter: Hungary is one or two hours
 * ahead of UTC (winter or summer time), so its day runs at least from its start at UTC+1 to its end at UTC+2. In the
 * hour at each end that depends on the season, and on any other day, the answer is no: ask {@link budapestToday}.
 */
export function isSurelyBudapestToday(day: string, now: Date): boolean {
  const start = utcDate(day).getTime() - HOUR_MS;
  const end = utcDate(addDays(day, 1)).getTime() - 2 * HOUR_MS;
  return now.getTime() >= start && now.getTime() < end;
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
      return { firstDay: day, lastDay: day };
    }
    case 'WEEK': {
      const day = requireStartDay(start.startDate);
      return { firstDay: day, lastDay: addDays(day, 9) };
    }
    case 'MONTH': {
      // A month later, clamped to the month's end (31 January + 1 month = 28/29 February): exactly the legal rule.
      const day = requireStartDay(start.startDate);
      return { firstDay: day, lastDay: addMonths(day, 1) };
    }
    case 'YEAR':
    case 'COUNTY_YEAR': {
      const year = yearOf(start, now);
      const today = todayDay(now);
      const firstDay = year === yearOfDay(today) ? today : utcDay(year, 1, 1);
      return { firstDay, lastDay: utcDay(year + 1, 1, 31) };
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
    const latest = monthOfDay(today) === PRE_SALE_MONTH ? utcDay(yearOfDay(today) + 1, 1, 1) : today;
    return { earliestStart: today, latestStart: latest };
  }
  return { earliestStart: today, latestStart: addDays(today, MAX_DAYS_AHEAD) };
}

/** The years whose yearly vignettes are on sale: the current one, and from 1 December also the next. */
export function sellableYears(now: Date): number[] {
  const today = todayDay(now);
  const year = yearOfDay(today);
  return monthOfDay(today) === PRE_SALE_MONTH ? [year, year + 1] : [year];
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
  const day = requireStartDay(start.startDate);
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
