'use client';

import { useId, useState, type FormEvent } from 'react';
import { FieldError } from '@/components/form/field-error';
import { CountryOptions } from '@/components/vignette/country-options';
import { PLATE_INPUT } from '@/components/vignette/plate-input';
import { errorText, type ValidationLabels } from '@/lib/i18n/labels';
import { checkPlate, normalizePlate } from '@/lib/vignettes/plate';
import { plateRefusalMessage } from '@/lib/vignettes/plate-refusal';

export interface PlateCheckFormLabels {
  formLabel: string;
  plate: { label: string; hintRO: string; hintHU: string; hintOther: string };
  country: { label: string };
  submit: string;
}

export interface PlateCheckRefusal {
  field: 'plate' | 'country';
  key: string;
  params: Record<string, string | number>;
}

interface PlateCheckFormProps {
  locale: string;
  /** The plate and country of the query shown, to search again from. */
  plate: string;
  country: string;
  /** The server's refusal of the query (the field, its message key and values), when it refused it. */
  refusal?: PlateCheckRefusal;
  labels: PlateCheckFormLabels;
  validation: ValidationLabels;
}

/**
 * The validity check's form: a plain GET form, so that the server answers it without any script. In the browser the
 * plate is normalized as it is typed and refused before it is sent, with the order form's words (lib/vignettes/plate).
 */
export function PlateCheckForm({ locale, plate, country, refusal, labels, validation }: PlateCheckFormProps) {
  const id = useId();
  const [value, setValue] = useState(plate);
  const [selected, setSelected] = useState(country);
  const [shown, setShown] = useState(refusal);

  const hint =
    selected === 'RO'
      ? labels.plate.hintRO
      : selected === 'HU'
        ? labels.plate.hintHU
        : labels.plate.hintOther;
  const error = shown && errorText(shown.key, validation, {}, shown.params);
  const plateError = shown?.field === 'plate' ? error : undefined;
  const countryError = shown?.field === 'country' ? error : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const check = checkPlate(value, selected);
    if (check.ok) return;
    event.preventDefault();
    setShown({ field: 'plate', ...plateRefusalMessage(check) });
  };

  return (
    <form
      method="get"
      role="search"
      aria-label={labels.formLabel}
      onSubmit={onSubmit}
      className="mt-6 space-y-5"
    >
      <div>
        <label htmlFor={`${id}-country`} className="block font-medium text-slate-900">
          {labels.country.label}
        </label>
        <select
          id={`${id}-country`}
          name="country"
          value={selected}
          onChange={(event) => {
            setSelected(event.target.value);
            setShown(undefined);
          }}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${id}-country-error` : undefined}
          className="focus-visible:outline-brand mt-1 min-h-11 w-full rounded border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 aria-[invalid=true]:border-red-700"
        >
          <CountryOptions locale={locale} />
        </select>
        <FieldError id={`${id}-country-error`} message={countryError} />
      </div>
      <div>
        <label htmlFor={`${id}-plate`} className="block font-medium text-slate-900">
          {labels.plate.label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
        <input
          id={`${id}-plate`}
          name="plate"
          {...PLATE_INPUT}
          required
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setShown(undefined);
          }}
          // Normalized when left rather than at each key, so that the caret stays where the typing is.
          onBlur={() => setValue(normalizePlate(value))}
          enterKeyHint="search"
          aria-invalid={plateError ? true : undefined}
          aria-describedby={[`${id}-hint`, plateError && `${id}-error`].filter(Boolean).join(' ')}
        />
        <FieldError id={`${id}-error`} message={plateError} />
      </div>
      <button
        type="submit"
        className="bg-brand focus-visible:outline-brand inline-flex min-h-11 items-center rounded px-6 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {labels.submit}
      </button>
    </form>
  );
}
