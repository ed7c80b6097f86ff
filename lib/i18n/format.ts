import { utcDate } from '@/lib/dates/calendar-dates';
import { preformatted } from './preformatted';

/** Fills `{name}` placeholders of a message handed over as plain text (client components get no ICU parser). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The formatter kept under `key`, made by `make` the first time: building one costs more than the text it formats. */
export function formatterFor<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * `value` in the words of the formatter kept under `formatterKey`, or the server's text for it when the page brought
 * one (lib/i18n/preformatted.ts): hydrating a page then makes no formatter at all.
 */
const format = <T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  formatterKey: string,
  make: () => T,
  value: number | string,
  apply: (formatter: T) => string,
) => preformatted(`${formatterKey}:${value}`, () => apply(formatterFor(formatterKey, make)));

/** Forints, whole: "6.900 HUF" in ro, "6900 Ft" in hu. */
export const formatHuf = (value: number, locale: string) =>
  format(
    `huf:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'HUF', maximumFractionDigits: 0 }),
    value,
    (formatter) => formatter.format(value),
  );

/** Bani as lei with two decimals: 8976 → "89,76 RON" in ro. */
export const formatRon = (bani: number, locale: string) =>
  format(
    `ron:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'RON', minimumFractionDigits: 2 }),
    bani,
    (formatter) => formatter.format(bani / 100),
  );

/** Euro cents as euros with two decimals, as a top-up's face value is shown: 1000 → "10,00 €" in ro. */
export const formatEur = (cents: number, locale: string) =>
  format(
    `eur:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }),
    cents,
    (formatter) => formatter.format(cents / 100),
  );

export const formatRate = (value: number, locale: string) =>
  format(
    `rate:${locale}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }),
    value,
    (formatter) => formatter.format(value),
  );

/** A calendar day in words: "luni, 23 noiembrie 2026" (full) or "23 nov. 2026" (medium). */
export const formatDay = (day: string, locale: string, style: 'full' | 'long' | 'medium' = 'long') =>
  format(
    `day:${style}:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }),
    day,
    (formatter) => formatter.format(utcDate(day)),
  );
