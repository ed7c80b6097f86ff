import { utcDate } from '@/lib/dates/calendar-dates';
import { fill, formatDay } from '@/lib/i18n/format';
import type messages from '@/messages/ro.json';
import { budapestToday, validityStart, type Validity } from './validity';

/** The `VignetteValidity` messages of one language: a validity's wording for each way it can start. */
export type ValidityTexts = (typeof messages)['VignetteValidity'];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day in words ("24 noiembrie 2026"); one that is not a calendar day is shown as it is, never rolled over. */
function dayText(day: string, locale: string): string {
  const isCalendarDay = ISO_DAY.test(day) && utcDate(day).toISOString().slice(0, 10) === day;
  return isCalendarDay ? formatDay(day, locale, 'long') : day;
}

/**
 * A vignette's validity as every page and document words it: from the payment, on the payment's day, or from 00:00
 * of its first day (`validityStart`), to 24:00 of its last, in Hungarian time. `paidAt` is the payment; where it is
 * not known yet (a cart, an unpaid order), the present, for the rule of a purchase made now.
 */
export function validityText(texts: ValidityTexts, validity: Validity, paidAt: Date, locale: string): string {
  const start = validityStart(validity, paidAt);
  // The payment's day is the first day, or, for a payment that came after the first day began, the later one.
  const first = start === 'PAYMENT' ? budapestToday(paidAt) : validity.firstDay;
  return fill(texts[start], { first: dayText(first, locale), last: dayText(validity.lastDay, locale) });
}
