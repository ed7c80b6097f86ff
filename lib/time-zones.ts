/**
 * The two time zones the shop's rules depend on, named once so that no rule falls back on the zone the server or
 * the visitor's computer happens to run in.
 */

/** Romania: the shop's own days and times, those its staff, invoices, e-mails and payment form show, and ANAF's. */
export const SHOP_TIME_ZONE = 'Europe/Bucharest';

/** Hungary: a vignette's days are Hungarian calendar days, and its price is that of the Hungarian year. */
export const VIGNETTE_TIME_ZONE = 'Europe/Budapest';

/** The zones above: the only ones the shop's rules name, so the formatters kept for them are two. */
type ShopZone = typeof SHOP_TIME_ZONE | typeof VIGNETTE_TIME_ZONE;

/** Each zone's day formatter, made once: an `Intl.DateTimeFormat` costs far more to build than to use. */
const dayFormats = new Map<ShopZone, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone, as `YYYY-MM-DD`. */
export function calendarDayIn(timeZone: ShopZone, at: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}
