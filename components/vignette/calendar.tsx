'use client';

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  addDays,
  addMonths,
  addYears,
  clampDay,
  daysInMonth,
  monthOf,
  monthWeeks,
  parseIso,
  toIso,
  utcDate,
  yearOf,
} from '@/lib/dates/calendar-dates';

export interface CalendarLabels {
  previousMonth: string;
  nextMonth: string;
  previousYear: string;
  nextYear: string;
  previousYears: string;
  nextYears: string;
  /** Said after the period button's text in the day and month views: it opens the years. */
  chooseYear: string;
  /** Said after the period button's text in the years view: it goes back to the days. */
  chooseDate: string;
}

export type CalendarView = 'month' | 'year' | 'multi-year';

interface CalendarProps {
  /** The page's language, for the month and day names (Intl). */
  locale: string;
  /** The first and last day that can be chosen, `YYYY-MM-DD`, both inclusive. */
  min: string;
  max: string;
  value?: string;
  /** Today in Hungary, marked in the grid (`aria-current="date"`) and where the focus starts without a value. */
  today?: string;
  onSelect: (day: string) => void;
  labels: CalendarLabels;
  /** Focus the active cell when the calendar appears (in the popup). */
  autoFocus?: boolean;
}

/** docs/screens.md, Calendar: 24 years per page of the years view, in 4 columns; the months view has 4 columns too. */
export const YEARS_PER_PAGE = 24;
const COLUMNS = 4;

/** "noiembrie 2026" → "Noiembrie 2026" at the head of the calendar; "2026. november" stays as Hungarian writes it. */
const capitalize = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

const mod = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;

/** The first year of the years page that holds `year`; pages are counted from the first year that can be chosen. */
const yearsPageStart = (year: number, minYear: number) => year - mod(year - minYear, YEARS_PER_PAGE);

function useFormatters(locale: string) {
  return useMemo(() => {
    const make = (options: Intl.DateTimeFormatOptions) => {
      try {
        return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
      } catch {
        return new Intl.DateTimeFormat('ro', { ...options, timeZone: 'UTC' });
      }
    };
    return {
      monthYear: make({ month: 'long', year: 'numeric' }),
      fullDay: make({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      shortMonth: make({ month: 'short' }),
      longMonthYear: make({ month: 'long', year: 'numeric' }),
      shortWeekday: make({ weekday: 'short' }),
      longWeekday: make({ weekday: 'long' }),
    };
  }, [locale]);
}

/** 1-7 January 2024 ran Monday to Sunday: the weekday names in the page's language, Monday first. */
const WEEK_DAYS = Array.from({ length: 7 }, (_, index) => `2024-01-0${index + 1}`);

/**
 * A calendar grid in three views (docs/screens.md, Calendar): the days of a month (7 weekday columns, Monday first),
 * the months of a year and a page of 24 years (4 columns each). The period button opens the years; choosing a year
 * shows its months, choosing a month shows its days. Days, months and years outside [min, max] are disabled, and
 * keyboard focus never leaves that range. One cell is in the tab order (roving tabindex): arrows move it, Home/End go
 * to the first and last cell of the month (year, page), Page Up/Down turn the page (in the days, with Shift, a year),
 * Enter or Space chooses.
 */
export function Calendar({ locale, min, max, value, today, onSelect, labels, autoFocus }: CalendarProps) {
  const format = useFormatters(locale);
  const [view, setView] = useState<CalendarView>('month');
  const [active, setActive] = useState(() => clampDay(value ?? today ?? min, min, max));
  const grid = useRef<HTMLTableElement>(null);
  // Focus follows the active cell after keyboard moves and view changes, not after clicks on the arrows.
  const focusActive = useRef(Boolean(autoFocus));
  const headingId = useId();

  useEffect(() => {
    if (!focusActive.current) return;
    focusActive.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [active, view]);

  const minYear = yearOf(min);
  const maxYear = yearOf(max);
  const { year, month } = parseIso(active);
  const pageStart = yearsPageStart(year, minYear);

  const move = (next: string, focus = true) => {
    focusActive.current = focus;
    setActive(clampDay(next, min, max));
  };
  const switchView = (next: CalendarView) => {
    focusActive.current = true;
    setView(next);
  };

  const period =
    view === 'month'
      ? capitalize(format.monthYear.format(utcDate(active)), locale)
      : view === 'year'
        ? String(year)
        : `${pageStart} – ${pageStart + YEARS_PER_PAGE - 1}`;

  const step =
    view === 'month' ? { months: 1 } : view === 'year' ? { months: 12 } : { months: 12 * YEARS_PER_PAGE };
  const previousDisabled =
    view === 'month'
      ? monthOf(active) <= monthOf(min)
      : view === 'year'
        ? year <= minYear
        : pageStart <= minYear;
  const nextDisabled =
    view === 'month'
      ? monthOf(active) >= monthOf(max)
      : view === 'year'
        ? year >= maxYear
        : pageStart + YEARS_PER_PAGE - 1 >= maxYear;
  const [previousLabel, nextLabel] =
    view === 'month'
      ? [labels.previousMonth, labels.nextMonth]
      : view === 'year'
        ? [labels.previousYear, labels.nextYear]
        : [labels.previousYears, labels.nextYears];

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const key = event.key;
    let next: string | undefined;
    if (view === 'month') {
      next = {
        ArrowLeft: addDays(active, -1),
        ArrowRight: addDays(active, 1),
        ArrowUp: addDays(active, -7),
        ArrowDown: addDays(active, 7),
        Home: toIso({ year, month, day: 1 }),
        End: toIso({ year, month, day: daysInMonth(year, month) }),
        PageUp: event.shiftKey ? addYears(active, -1) : addMonths(active, -1),
        PageDown: event.shiftKey ? addYears(active, 1) : addMonths(active, 1),
      }[key];
      if (key === 'Enter' || key === ' ') {
        event.preventDefault();
        onSelect(active);
        return;
      }
    } else if (view === 'year') {
      next = {
        ArrowLeft: addMonths(active, -1),
        ArrowRight: addMonths(active, 1),
        ArrowUp: addMonths(active, -COLUMNS),
        ArrowDown: addMonths(active, COLUMNS),
        Home: addMonths(active, 1 - month),
        End: addMonths(active, 12 - month),
        PageUp: addYears(active, -1),
        PageDown: addYears(active, 1),
      }[key];
      if (key === 'Enter' || key === ' ') {
        event.preventDefault();
        switchView('month');
        return;
      }
    } else {
      next = {
        ArrowLeft: addYears(active, -1),
        ArrowRight: addYears(active, 1),
        ArrowUp: addYears(active, -COLUMNS),
        ArrowDown: addYears(active, COLUMNS),
        Home: addYears(active, pageStart - year),
        End: addYears(active, pageStart + YEARS_PER_PAGE - 1 - year),
        PageUp: addYears(active, -YEARS_PER_PAGE),
        PageDown: addYears(active, YEARS_PER_PAGE),
      }[key];
      if (key === 'Enter' || key === ' ') {
        event.preventDefault();
        switchView('year');
        return;
      }
    }
    if (next !== undefined) {
      event.preventDefault();
      move(next);
    }
  };

  const cellButton = 'flex size-10 items-center justify-center rounded-full text-sm';
  const cellState = (selected: boolean, disabled: boolean, current: boolean) =>
    [
      disabled
        ? 'cursor-not-allowed text-slate-400'
        : selected
          ? 'bg-brand font-semibold text-white'
          : 'text-slate-900 hover:bg-brand/10',
      current && !selected ? 'ring-1 ring-slate-500' : '',
      'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand',
    ].join(' ');

  return (
    <div className="flex flex-col">
      <div className="flex h-12 items-center justify-between gap-1 px-1">
        <button
          type="button"
          onClick={() => switchView(view === 'multi-year' ? 'month' : 'multi-year')}
          className="focus-visible:outline-brand inline-flex min-h-10 items-center gap-1 rounded px-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2"
          data-testid="calendar-period"
        >
          <span id={headingId}>{period}</span>
          <span className="sr-only">, {view === 'multi-year' ? labels.chooseDate : labels.chooseYear}</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`size-4 transition-transform ${view === 'multi-year' ? 'rotate-180' : ''}`}
            fill="currentColor"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
          </svg>
        </button>
        <div className="flex">
          <button
            type="button"
            aria-label={previousLabel}
            disabled={previousDisabled}
            onClick={() => move(addMonths(active, -step.months), false)}
            className="focus-visible:outline-brand inline-flex size-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 focus-visible:outline-2 disabled:text-slate-300"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M12.7 5.3a1 1 0 0 1 0 1.4L9.4 10l3.3 3.3a1 1 0 1 1-1.4 1.4l-4-4a1 1 0 0 1 0-1.4l4-4a1 1 0 0 1 1.4 0z" />
            </svg>
          </button>
          <button
            type="button"
            aria-label={nextLabel}
            disabled={nextDisabled}
            onClick={() => move(addMonths(active, step.months), false)}
            className="focus-visible:outline-brand inline-flex size-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 focus-visible:outline-2 disabled:text-slate-300"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M7.3 14.7a1 1 0 0 1 0-1.4l3.3-3.3-3.3-3.3a1 1 0 0 1 1.4-1.4l4 4a1 1 0 0 1 0 1.4l-4 4a1 1 0 0 1-1.4 0z" />
            </svg>
          </button>
        </div>
      </div>
      {/* The period is announced when it changes, as a sighted visitor sees the heading change. */}
      <div aria-live="polite" className="sr-only">
        {period}
      </div>

      <table
        ref={grid}
        role="grid"
        aria-labelledby={headingId}
        onKeyDown={onKeyDown}
        className="mx-auto border-separate border-spacing-0"
        data-view={view}
      >
        {view === 'month' && (
          <>
            <thead>
              <tr>
                {WEEK_DAYS.map((day) => (
                  <th
                    key={day}
                    scope="col"
                    abbr={format.longWeekday.format(utcDate(day))}
                    className="h-8 w-10 text-xs font-medium text-slate-600"
                  >
                    {format.shortWeekday.format(utcDate(day)).replace('.', '')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(year, month).map((week, row) => (
                <tr key={row}>
                  {week.map((day, column) =>
                    day === null ? (
                      <td key={column} role="gridcell" className="size-10" />
                    ) : (
                      <td key={day} role="gridcell" aria-selected={day === value} className="size-10 p-0">
                        <button
                          type="button"
                          tabIndex={day === active ? 0 : -1}
                          disabled={day < min || day > max}
                          aria-label={format.fullDay.format(utcDate(day))}
                          aria-current={day === today ? 'date' : undefined}
                          data-date={day}
                          onClick={() => onSelect(day)}
                          onFocus={() => day !== active && setActive(day)}
                          className={`${cellButton} ${cellState(day === value, day < min || day > max, day === today)}`}
                        >
                          {parseIso(day).day}
                        </button>
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </>
        )}

        {view === 'year' && (
          <tbody>
            {[0, 1, 2].map((row) => (
              <tr key={row}>
                {Array.from({ length: COLUMNS }, (_, column) => {
                  const monthNumber = row * COLUMNS + column + 1;
                  const key = `${String(year).padStart(4, '0')}-${String(monthNumber).padStart(2, '0')}`;
                  const first = `${key}-01`;
                  const disabled = key < monthOf(min) || key > monthOf(max);
                  const target = clampDay(
                    toIso({
                      year,
                      month: monthNumber,
                      day: Math.min(parseIso(active).day, daysInMonth(year, monthNumber)),
                    }),
                    min,
                    max,
                  );
                  return (
                    <td
                      key={key}
                      role="gridcell"
                      aria-selected={value !== undefined && monthOf(value) === key}
                      className="p-1"
                    >
                      <button
                        type="button"
                        tabIndex={monthNumber === month ? 0 : -1}
                        disabled={disabled}
                        aria-label={format.longMonthYear.format(utcDate(first))}
                        data-month={key}
                        onClick={() => {
                          setActive(target);
                          switchView('month');
                        }}
                        className={`flex h-12 w-16 items-center justify-center rounded-full text-sm uppercase ${cellState(
                          value !== undefined && monthOf(value) === key,
                          disabled,
                          today !== undefined && monthOf(today) === key,
                        )}`}
                      >
                        {format.shortMonth.format(utcDate(first)).replace('.', '')}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        )}

        {view === 'multi-year' && (
          <tbody>
            {Array.from({ length: YEARS_PER_PAGE / COLUMNS }, (_, row) => (
              <tr key={row}>
                {Array.from({ length: COLUMNS }, (_, column) => {
                  const cellYear = pageStart + row * COLUMNS + column;
                  const disabled = cellYear < minYear || cellYear > maxYear;
                  const target = clampDay(addYears(active, cellYear - year), min, max);
                  return (
                    <td
                      key={cellYear}
                      role="gridcell"
                      aria-selected={value !== undefined && yearOf(value) === cellYear}
                      className="px-1 py-0.5"
                    >
                      <button
                        type="button"
                        tabIndex={cellYear === year ? 0 : -1}
                        disabled={disabled}
                        data-year={cellYear}
                        onClick={() => {
                          setActive(target);
                          switchView('year');
                        }}
                        className={`flex h-10 w-16 items-center justify-center rounded-full text-sm ${cellState(
                          value !== undefined && yearOf(value) === cellYear,
                          disabled,
                          today !== undefined && yearOf(today) === cellYear,
                        )}`}
                      >
                        {cellYear}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}
