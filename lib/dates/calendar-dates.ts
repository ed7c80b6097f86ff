/**
 * Calendar days as `YYYY-MM-DD` strings for the date picker. Arithmetic runs on UTC dates, which have no
 * daylight-saving gaps, so that adding days or months never lands on a neighbouring day whatever the visitor's zone.
 */

export interface DayParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

export const toIso = ({ year, month, day }: DayParts) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

export function parseIso(value: string): DayParts {
  const [year = 1970, month = 1, day = 1] = value.split('-').map(Number);
  return { year, month, day };
}

/** The UTC midnight of a day, for Intl formatting with `timeZone: 'UTC'`. */
export const utcDate = (value: string) => {
  const { year, month, day } = parseIso(value);
  return new Date(Date.UTC(year, month - 1, day));
};

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function addDays(value: string, days: number): string {
  const date = utcDate(value);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Months added, the day kept where the month has it, else the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(value: string, months: number): string {
  const { year, month, day } = parseIso(value);
  const index = year * 12 + (month - 1) + months;
  const nextYear = Math.floor(index / 12);
  const nextMonth = index - nextYear * 12 + 1;
  return toIso({ year: nextYear, month: nextMonth, day: Math.min(day, daysInMonth(nextYear, nextMonth)) });
}

export const addYears = (value: string, years: number) => addMonths(value, years * 12);

/** Keeps a day within [min, max]; fixed-width ISO days compare correctly as strings. */
export const clampDay = (value: string, min: string, max: string) =>
  value < min ? min : value > max ? max : value;

/** 0 for Monday ... 6 for Sunday: the shop's weeks start on Monday. */
export const mondayIndex = (value: string) => (utcDate(value).getUTCDay() + 6) % 7;

/** The month's days in weeks of seven, Monday first, with null where a week runs into another month. */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const first = toIso({ year, month, day: 1 });
  const cells: (string | null)[] = Array.from({ length: mondayIndex(first) }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(toIso({ year, month, day }));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** `YYYY-MM` of a day, to compare months. */
export const monthOf = (value: string) => value.slice(0, 7);
export const yearOf = (value: string) => Number(value.slice(0, 4));
