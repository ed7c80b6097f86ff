'use client';

import { useId, useState, type ChangeEvent, type Ref } from 'react';
import { countryName, countrySign } from '@/lib/vignettes/countries';
import { checkPlate, normalizePlate, OTHER_READING, type PlateWarning } from '@/lib/vignettes/plate';
import { isPlateRefusalKey, plateRefusalMessage } from '@/lib/vignettes/plate-refusal';
import { FieldError } from '@/components/form/field-error';
import { fill } from '@/lib/i18n/format';
import { errorText, type ValidationLabels, type VignetteFormLabels } from '@/lib/i18n/labels';
import { CountryOptions } from '@/components/vignette/country-options';
import { PLATE_INPUT } from '@/components/vignette/plate-input';
import { PlateText } from '@/components/vignette/plate-text';

export type PlateFieldsLabels = Pick<VignetteFormLabels, 'plate' | 'country' | 'confirm' | 'errors'>;

/** Error keys for the three fields, from the form's validation or the API's 422 issues. */
export interface PlateFieldErrors {
  plate?: string;
  country?: string;
  confirmed?: string;
}

interface PlateFieldsProps {
  locale: string;
  plate: string;
  country: string;
  confirmed: boolean;
  onPlateChange: (plate: string) => void;
  onCountryChange: (country: string) => void;
  onConfirmedChange: (confirmed: boolean) => void;
  /**
   * The confirmation cleared because the plate or the country changed, not by the buyer's hand: no error for it
   * until the next attempt. Without it, `onConfirmedChange(false)`.
   */
  onConfirmationReset?: () => void;
  onPlateBlur?: () => void;
  errors?: PlateFieldErrors;
  /** Show the plate's own check at once (after a submit), not only once the field was left. */
  showErrors?: boolean;
  labels: PlateFieldsLabels;
  validation: ValidationLabels;
  plateRef?: Ref<HTMLInputElement>;
  countryRef?: Ref<HTMLSelectElement>;
  confirmRef?: Ref<HTMLInputElement>;
}

/** A warning's text: which character, counted from 1, and what to type if the plate shows the other one. */
function warningText(warning: PlateWarning, labels: PlateFieldsLabels['confirm']): string {
  const digit = warning.char === '0' || warning.char === '1';
  return fill(digit ? labels.warningDigit : labels.warningLetter, {
    position: warning.index + 1,
    char: warning.char,
    other: OTHER_READING[warning.char],
  });
}

/**
 * The vehicle step: licence plate, country of registration and the buyer's confirmation of both
 * (docs/domain.md, Plates, countries and counties: the most common costly mistake). The plate is normalized as it is
 * typed ('hd 12 abc' → 'HD12ABC', the caret kept in place) and checked against the country's format; the preview shows
 * it as it will be registered, with a slashed zero. A refused plate is told what is wrong (the county, the digits, the
 * character in the wrong place). The confirmation names the plate and country it confirms, carries in its description
 * a warning for each O, 0, I or 1 that could be the other one, and is cleared whenever the plate or the country
 * changes.
 */
export function PlateCountryFields({
  locale,
  plate,
  country,
  confirmed,
  onPlateChange,
  onCountryChange,
  onConfirmedChange,
  onConfirmationReset = () => onConfirmedChange(false),
  onPlateBlur,
  errors = {},
  showErrors = false,
  labels,
  validation,
  plateRef,
  countryRef,
  confirmRef,
}: PlateFieldsProps) {
  const id = useId();
  const ids = {
    plate: `${id}-plate`,
    plateHint: `${id}-plate-hint`,
    plateError: `${id}-plate-error`,
    country: `${id}-country`,
    countryError: `${id}-country-error`,
    confirm: `${id}-confirm`,
    confirmWhy: `${id}-confirm-why`,
    warning: (index: number) => `${id}-warning-${index}`,
    confirmError: `${id}-confirm-error`,
  };
  const [plateLeft, setPlateLeft] = useState(false);

  const check = checkPlate(plate, country);
  const refusal = check.ok ? undefined : plateRefusalMessage(check);
  const refusalText = refusal && errorText(refusal.key, validation, labels.errors, refusal.params);
  // The check says what is wrong, with the position or county it names, once an error is due: the field was left,
  // the form was submitted, or the schema or the API refused the plate (by the same check). A refusal of the plate
  // that the plate now passes (the country changed since) is stale, and not shown.
  const staleRefusal = check.ok && isPlateRefusalKey(errors.plate);
  const plateError =
    refusalText && (showErrors || plateLeft || errors.plate)
      ? refusalText
      : staleRefusal
        ? undefined
        : errorText(errors.plate, validation, labels.errors);
  const countryError = errorText(errors.country, validation, labels.errors);
  const confirmError = errorText(errors.confirmed, validation, labels.errors);

  const warnings = check.ok ? check.warnings : [];
  const sign = countrySign(country) ?? country;
  const countryLabel = `${countryName(country, locale)} (${sign})`;
  const hint =
    country === 'RO' ? labels.plate.hintRO : country === 'HU' ? labels.plate.hintHU : labels.plate.hintOther;

  const onPlateInput = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const raw = input.value;
    const caret = input.selectionStart ?? raw.length;
    const normalized = normalizePlate(raw);
    onPlateChange(normalized);
    if (confirmed && normalized !== plate) onConfirmationReset();
    if (normalized !== raw) {
      // React writes the value after this handler; the caret goes back where the typing was, not to the end.
      const position = normalizePlate(raw.slice(0, caret)).length;
      requestAnimationFrame(() => {
        if (document.activeElement === input) input.setSelectionRange(position, position);
      });
    }
  };

  const describedBy = (...parts: (string | false | undefined)[]) =>
    parts.filter(Boolean).join(' ') || undefined;

  return (
    <div className="space-y-5">
      <div>
        <label htmlFor={ids.country} className="block font-medium text-slate-900">
          {labels.country.label}
        </label>
        <select
          ref={countryRef}
          id={ids.country}
          value={country}
          onChange={(event) => {
            onCountryChange(event.target.value);
            if (confirmed) onConfirmationReset();
          }}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={describedBy(countryError && ids.countryError)}
          className="focus-visible:outline-brand mt-1 min-h-11 w-full rounded border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 aria-[invalid=true]:border-red-700"
        >
          <CountryOptions locale={locale} />
        </select>
        <FieldError id={ids.countryError} message={countryError} />
      </div>

      <div>
        <label htmlFor={ids.plate} className="block font-medium text-slate-900">
          {labels.plate.label}
        </label>
        <p id={ids.plateHint} className="text-sm text-slate-700">
          {hint}
        </p>
        <input
          ref={plateRef}
          id={ids.plate}
          {...PLATE_INPUT}
          value={plate}
          onChange={onPlateInput}
          onBlur={() => {
            setPlateLeft(true);
            onPlateBlur?.();
          }}
          enterKeyHint="next"
          aria-invalid={plateError ? true : undefined}
          aria-describedby={describedBy(ids.plateHint, plateError && ids.plateError)}
        />
        <FieldError id={ids.plateError} message={plateError} />
      </div>

      {check.ok && (
        <div className="rounded-lg bg-slate-100 p-3">
          <p className="text-sm text-slate-700">{labels.plate.preview}</p>
          <p
            className="mt-1 inline-flex items-stretch overflow-hidden rounded border-2 border-slate-900 bg-white"
            data-testid="plate-preview"
          >
            <span className="flex items-center bg-[#003399] px-1.5 text-xs font-bold text-white">{sign}</span>
            <span className="px-3 py-1 font-sans text-2xl font-bold tracking-widest text-slate-900">
              <PlateText plate={check.plate} />
            </span>
          </p>
        </div>
      )}

      <div>
        {warnings.length > 0 && (
          <ul className="mb-3 space-y-2" data-testid="plate-warnings">
            {warnings.map((warning) => (
              <li
                key={warning.index}
                id={ids.warning(warning.index)}
                className="flex gap-2 rounded border-l-4 border-amber-500 bg-amber-50 p-3 text-sm text-amber-950"
              >
                {warningText(warning, labels.confirm)}
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-start gap-3">
          <input
            ref={confirmRef}
            id={ids.confirm}
            type="checkbox"
            checked={confirmed}
            onChange={(event) => onConfirmedChange(event.target.checked)}
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={describedBy(
              ...warnings.map((warning) => ids.warning(warning.index)),
              ids.confirmWhy,
              confirmError && ids.confirmError,
            )}
            className="accent-brand mt-0.5 size-6 shrink-0"
          />
          <label htmlFor={ids.confirm} className="font-medium text-slate-900">
            {plate
              ? fill(labels.confirm.label, { plate: check.plate, country: countryLabel })
              : labels.confirm.labelEmpty}
          </label>
        </div>
        <p id={ids.confirmWhy} className="mt-1 ml-9 text-sm text-slate-700">
          {labels.confirm.why}
        </p>
        <FieldError id={ids.confirmError} message={confirmError} className="ml-9" />
      </div>
    </div>
  );
}
