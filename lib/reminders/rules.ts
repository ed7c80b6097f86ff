import { addDays } from '@/lib/dates/calendar-dates';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import type { VignetteType } from '@/lib/vignettes/periods';
import { budapestToday } from '@/lib/vignettes/validity';

/*
 * When a vignette's expiry reminder is due. Pure, the clock passed in: every day is a Budapest calendar day, as a
 * vignette's validity is.
 */

/**
 * How many days before its last day a vignette is reminded of: a yearly one two weeks ahead (time to compare), a
 * month three days, a 10-day vignette (WEEK) the day before; a day's vignette never (docs/domain.md, Periods).
 */
export const REMINDER_LEAD_DAYS: Record<VignetteType, number | null> = {
  DAY: null,
  WEEK: 1,
  MONTH: 3,
  YEAR: 14,
  COUNTY_YEAR: 14,
};

/** Not before this hour in Hungary: a reminder read in the morning, never one that wakes the buyer at midnight. */
export const REMINDER_FROM_HOUR = 8;

/** The day a vignette ending on `lastDay` is reminded of; null for a type that never is. */
export function reminderDay(type: VignetteType, lastDay: string): string | null {
  const lead = REMINDER_LEAD_DAYS[type];
  return lead === null ? null : addDays(lastDay, -lead);
}

const hourInHungary = (now: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', {
      hour: 'numeric',
      hourCycle: 'h23',
      timeZone: VIGNETTE_TIME_ZONE,
    }).format(now),
  );

/**
 * Whether a vignette's reminder is due at `now`: from its reminder day (08:00 in Hungary) until the day before its
 * last, so a pass missed on the day (a server down) still reminds while there is a day left to act; after that a
 * reminder would come too late to help.
 */
export function isReminderDue(type: VignetteType, lastDay: string, now: Date): boolean {
  const day = reminderDay(type, lastDay);
  if (!day) return false;
  const today = budapestToday(now);
  if (today < day || today >= lastDay) return false;
  return today > day || hourInHungary(now) >= REMINDER_FROM_HOUR;
}

/** The last days of the vignettes that may be due at `now`: from tomorrow to the longest lead ahead. */
export function reminderWindow(now: Date): { from: string; to: string } {
  const today = budapestToday(now);
  const longest = Math.max(...Object.values(REMINDER_LEAD_DAYS).map((lead) => lead ?? 0));
  return { from: addDays(today, 1), to: addDays(today, longest) };
}
