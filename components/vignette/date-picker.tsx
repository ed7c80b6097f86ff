'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Calendar, CalendarLabels } from './calendar';
import { utcDate } from '@/lib/dates/calendar-dates';

export interface DatePickerLabels extends CalendarLabels {
  /** The popup's name, e.g. "Choose the first day of validity". */
  dialog: string;
  /** The button beside the field that opens the calendar. */
  open: string;
  /** The field's text while no day is chosen. */
  placeholder: string;
  /** Said when the calendar's code could not be fetched (no connection). */
  unavailable: string;
}

interface DatePickerProps {
  /** The field's id, for its <label htmlFor>. */
  id: string;
  locale: string;
  min: string;
  max: string;
  value?: string;
  today?: string;
  onChange: (day: string) => void;
  onBlur?: () => void;
  labels: DatePickerLabels;
  /** For react-hook-form (its field's `ref`): the field focused when it is the first invalid one. */
  inputRef?: (element: HTMLInputElement | null) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * The calendar's code is fetched when the buyer reaches for the field (a press or the focus), not with the page: most
 * of a purchase page's visitors read the prices first, and by the time the popup opens its code is there. The popup
 * opens only once it is (never empty, so a key pressed at once lands in the calendar); without a connection the field
 * says so.
 */
const loadCalendar = () => import('./calendar').then((module) => module.Calendar);
const preloadCalendar = () => void loadCalendar().catch(() => undefined);

/** docs/screens.md, Calendar: the popup's size and its opening and closing animations. */
export const POPUP_WIDTH = 296;
export const POPUP_HEIGHT = 354;
const OPEN_MS = 120;
const CLOSE_MS = 100;

type Phase = 'closed' | 'opening' | 'open' | 'closing';

const FOCUSABLE = 'button:not([disabled]):not([tabindex="-1"])';

/**
 * A date field with its calendar popup: a read-only text box showing the chosen day in words (it cannot be typed
 * into wrongly; a click, Enter, Space or Down opens the calendar) and a button that opens it too. The popup is a
 * modal dialog: the focus starts on the chosen (or first possible) day and stays inside; Escape or a click outside
 * closes it without a change, and the focus returns to the field.
 */
export function DatePicker({
  id,
  locale,
  min,
  max,
  value,
  today,
  onChange,
  onBlur,
  labels,
  inputRef,
  invalid,
  describedBy,
}: DatePickerProps) {
  const [phase, setPhase] = useState<Phase>('closed');
  // Each opening mounts a fresh calendar, which starts on the chosen day and takes the focus.
  const [openings, setOpenings] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const open = phase === 'opening' || phase === 'open';

  const [LoadedCalendar, setLoadedCalendar] = useState<typeof Calendar>();
  const [unavailable, setUnavailable] = useState(false);
  const show = () => {
    if (open) return;
    clearTimeout(closeTimer.current);
    loadCalendar().then(
      (calendar) => {
        setLoadedCalendar(() => calendar);
        setUnavailable(false);
        setOpenings((count) => count + 1);
        setPhase('opening');
      },
      () => setUnavailable(true),
    );
  };
  const hide = (returnFocus: boolean) => {
    setPhase((current) => (current === 'closed' ? current : 'closing'));
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setPhase('closed'), CLOSE_MS);
    if (returnFocus) field.current?.focus();
    onBlur?.();
  };

  // Mounted in its start state, then moved to its end state on the next frame: the transition runs in between.
  useEffect(() => {
    if (phase !== 'opening') return;
    const frame = requestAnimationFrame(() => setPhase('open'));
    return () => cancelAnimationFrame(frame);
  }, [phase]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) hide(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `hide` only sets state; re-binding on each render is waste
  }, [open]);

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      hide(true);
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    // A modal dialog keeps the focus inside: Tab from the last control goes to the first, and back.
    const controls = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onFieldKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      show();
    }
  };

  let text = '';
  if (value) {
    try {
      text = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(utcDate(value));
    } catch {
      text = value;
    }
  }

  const setFieldRef = (element: HTMLInputElement | null) => {
    field.current = element;
    inputRef?.(element);
  };

  return (
    <div
      ref={root}
      className="relative"
      onFocusCapture={preloadCalendar}
      onPointerDownCapture={preloadCalendar}
    >
      <div className="flex items-stretch gap-2">
        <input
          ref={setFieldRef}
          id={id}
          type="text"
          readOnly
          value={text}
          placeholder={labels.placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onClick={show}
          onKeyDown={onFieldKeyDown}
          data-value={value ?? ''}
          className="focus-visible:outline-brand min-h-11 w-full min-w-0 cursor-pointer rounded border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-600 focus-visible:outline-2 aria-[invalid=true]:border-red-700"
        />
        <button
          type="button"
          onClick={() => (open ? hide(true) : show())}
          aria-haspopup="dialog"
          aria-expanded={open}
          className="border-brand text-brand hover:bg-brand/10 focus-visible:outline-brand inline-flex min-h-11 shrink-0 items-center gap-2 rounded border px-3 font-medium focus-visible:outline-2"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
          <span className="sr-only sm:not-sr-only">{labels.open}</span>
        </button>
      </div>
      {unavailable && (
        <p role="alert" className="mt-1 text-red-800">
          {labels.unavailable}
        </p>
      )}
      {phase !== 'closed' && LoadedCalendar && (
        <div
          ref={dialog}
          role="dialog"
          aria-modal="true"
          aria-label={labels.dialog}
          onKeyDown={onDialogKeyDown}
          data-state={phase}
          data-testid="calendar-popup"
          style={{
            width: POPUP_WIDTH,
            height: POPUP_HEIGHT,
            transitionDuration: `${phase === 'closing' ? CLOSE_MS : OPEN_MS}ms`,
          }}
          className={`absolute top-full left-0 z-40 mt-2 origin-top-left overflow-hidden rounded-lg bg-white p-1 shadow-xl ring-1 ring-black/10 transition-[opacity,transform] ease-out ${
            phase === 'open' ? 'scale-100 opacity-100' : 'scale-95 opacity-0'
          }`}
        >
          <LoadedCalendar
            key={openings}
            locale={locale}
            min={min}
            max={max}
            value={value}
            today={today}
            labels={labels}
            autoFocus
            onSelect={(day) => {
              onChange(day);
              hide(true);
            }}
          />
        </div>
      )}
    </div>
  );
}
