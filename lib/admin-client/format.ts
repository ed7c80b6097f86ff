import { addDays } from '@/lib/dates/calendar-dates';
import { calendarDayIn, SHOP_TIME_ZONE } from '@/lib/time-zones';

export { formatDay, formatEur, formatHuf, formatRon } from '@/lib/i18n/format';

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** An ISO instant as a date and time in the chosen language: "22 nov. 2026, 14:05" in ro. */
export function formatDateTime(iso: string, locale: string): string {
  let formatter = dateTimes.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: SHOP_TIME_ZONE,
    });
    dateTimes.set(locale, formatter);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

/** Today as `YYYY-MM-DD` in the shop's zone. */
export const today = (now = new Date()) => calendarDayIn(SHOP_TIME_ZONE, now);

/** The last `days` days up to today, both ends included. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = today(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Days from `from` to `to`, both included; 0 when `to` is before `from`. */
export function daysInRange(from: string, to: string): number {
  const count =
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  return Number.isFinite(count) ? Math.max(count, 0) : 0;
}
