'use client';

import { useId } from 'react';
import { TextField } from './text-field';

/** Calendar days as `<input type="date">` gives them, `YYYY-MM-DD`, or '' for none. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * "From" and "to" as two day fields, each bounding the other's calendar, and why the range is refused under "to".
 * They are two cells of the caller's grid or fieldset, which names them as a whole where it needs to.
 */
export function DateRangeFields({
  range,
  labels,
  error,
  required,
  onChange,
}: {
  range: DayRange;
  labels: { from: string; to: string };
  error?: string;
  required?: boolean;
  onChange: (change: Partial<DayRange>) => void;
}) {
  const id = useId();
  return (
    <>
      <TextField
        id={`${id}-from`}
        type="date"
        label={labels.from}
        value={range.from}
        max={range.to || undefined}
        required={required}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        id={`${id}-to`}
        type="date"
        label={labels.to}
        value={range.to}
        min={range.from || undefined}
        required={required}
        error={error}
        onChange={(event) => onChange({ to: event.target.value })}
      />
    </>
  );
}
