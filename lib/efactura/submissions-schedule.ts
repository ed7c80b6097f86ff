import { DateTime } from 'luxon';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';

/**
 * When the e-Factura job asks ANAF again, and when a document is late: pure rules, unit-tested.
 */

/**
 * The wait before the n-th retry of an upload, or before the n-th question about an upload (n from 1): 10 s, 30 s,
 * 2 min, 10 min, then hourly. ANAF answers most documents within a minute, and allows 100 questions a day per upload
 * (hourly stays well under that).
 */
export function retryDelaySeconds(n: number): number {
  const steps = [10, 30, 120, 600];
  return steps[Math.max(n, 1) - 1] ?? 3600;
}

/** Working days counted for the deadline: Monday to Friday. */
const isWorkingDay = (day: DateTime) => day.weekday <= 5;

function addWorkingDays(day: DateTime, count: number): DateTime {
  let result = day;
  for (let added = 0; added < count;) {
    result = result.plus({ days: 1 });
    if (isWorkingDay(result)) added++;
  }
  return result;
}

/**
 * The legal deadline of a document issued at `issuedAt`: the end (in Romania) of the 5th working day after the day
 * of issue (Law 296/2023 art. 10, as amended for 2026: 5 working days). Public holidays are not counted as
 * non-working here, which only ever brings the shop's deadline earlier than the law's: the safe side.
 */
export function legalDeadlineOf(issuedAt: Date): Date {
  const issueDay = DateTime.fromJSDate(issuedAt).setZone(SHOP_TIME_ZONE).startOf('day');
  return addWorkingDays(issueDay, 5).endOf('day').toJSDate();
}

/**
 * When a document not yet accepted needs a person: the start of the day two working days before its deadline, so
 * that staff have two full working days to fix and send it again.
 */
export function attentionTimeOf(issuedAt: Date): Date {
  // Every invoice of a day has the same one: worked out once per day, not once per payment.
  const day = SHOP_DAY.format(issuedAt);
  if (lastAttention?.day !== day) {
    const issueDay = DateTime.fromJSDate(issuedAt).setZone(SHOP_TIME_ZONE).startOf('day');
    lastAttention = { day, at: addWorkingDays(issueDay, 4).startOf('day').toMillis() };
  }
  return new Date(lastAttention.at);
}

const SHOP_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE });
let lastAttention: { day: string; at: number } | undefined;

/**
 * The documents past their legal deadline at `now` are those issued before the instant returned: the start (in
 * Romania) of the day after the last issue day whose deadline has passed. The deadline only moves later with the
 * day of issue, so one cut-off sorts every document, and the database can count them.
 */
export function lateIfIssuedBefore(now: Date): Date {
  let day = DateTime.fromJSDate(now).setZone(SHOP_TIME_ZONE).startOf('day');
  while (legalDeadlineOf(day.toJSDate()) >= now) day = day.minus({ days: 1 });
  return day.plus({ days: 1 }).toJSDate();
}

/** The shop's calendar day (in Romania) of an instant, `YYYY-MM-DD`. */
export const shopDayOf = (instant: Date): string =>
  DateTime.fromJSDate(instant).setZone(SHOP_TIME_ZONE).toISODate()!;
