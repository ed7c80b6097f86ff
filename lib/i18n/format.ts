import { utcDate } from '@/lib/dates/calendar-dates';

/** Fills `{name}` placeholders of a message handed over as plain text (client components get no ICU parser). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Forints, whole: "6.900 HUF" in ro, "6900 Ft" in hu. */
export const formatHuf = (value: number, locale: string) =>
  cached(
    `huf:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'HUF', maximumFractionDigits: 0 }),
  ).format(value);

/** Bani as lei with two decimals: 8976 → "89,76 RON" in ro. */
export const formatRon = (bani: number, locale: string) =>
  cached(
    `ron:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'RON', minimumFractionDigits: 2 }),
  ).format(bani / 100);

/** Euro cents as euros with two decimals, as a top-up's face value is shown: 1000 → "10,00 €" in ro. */
export const formatEur = (cents: number, locale: string) =>
  cached(
    `eur:${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }),
  ).format(cents / 100);

export const formatRate = (value: number, locale: string) =>
  cached(
    `rate:${locale}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }),
  ).format(value);

/** A calendar day in words: "luni, 23 noiembrie 2026" (full) or "23 nov. 2026" (medium). */
export const formatDay = (day: string, locale: string, style: 'full' | 'long' | 'medium' = 'long') =>
  cached(
    `day:${style}:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }),
  ).format(utcDate(day));
