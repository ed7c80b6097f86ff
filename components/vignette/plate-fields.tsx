'use client';

import { useId, useState, type ChangeEvent, type Ref } from 'react';
import { countryName, countrySign } from '@/lib/vignettes/countries';
import { checkPlate, normalizePlate, type PlateCheck } from '@/lib/vignettes/plate';
import { FieldError } from '@/components/form/field-error';
import { fill } from '@/lib/i18n/format';
import { errorText, type ValidationLabels, type VignetteFormLabels } from '@/lib/i18n/labels';
import { useCountryOptions } from '@/components/vignette/use-country-options';

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

/** The key of checkPlate's verdict, shown next to the field. */
function plateErrorKey(check: PlateCheck): string | undefined {
  if (check.ok) return undefined;
  return check.reason === 'EMPTY'
    ? 'plateRequired'
    : check.reason === 'CHARACTERS'
      ? 'plateCharacters'
      : 'plateFormat';
}

/**
 * The vehicle step: licence plate, country of registration and the buyer's confirmation of both
 * (docs/domain.md, Plates, countries and counties: the most common costly mistake). The plate is normalized as it is
 * typed ('hd 12 abc' → 'HD12ABC', the caret kept in place) and checked against the country's format; the preview shows
 * it as it will be registered, with a slashed zero. The confirmation names the plate and country it confirms, carries
 * the O/0 and I/1 warnings in its description, and is cleared whenever the plate or the country changes.
 */
export function PlateCountryFields({
  locale,
  plate,
  country,
  confirmed,
  onPlateChange,
  onCountryChange,
  onConfirmedChange,
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
    warningO: `${id}-warning-o`,
    warningI: `${id}-warning-i`,
    confirmError: `${id}-confirm-error`,
  };
  const [plateLeft, setPlateLeft] = useState(false);

  const countries = useCountryOptions(locale);

  const check = checkPlate(plate, country);
  const liveError = showErrors || plateLeft ? plateErrorKey(check) : undefined;
  // A format error of the schema is made precise by the check: a foreign character is not a wrong format.
  const plateKey =
    liveError ?? (errors.plate === 'plateFormat' ? (plateErrorKey(check) ?? errors.plate) : errors.plate);
  const plateError = errorText(plateKey, validation, labels.errors);
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
    if (confirmed && normalized !== plate) onConfirmedChange(false);
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
            if (confirmed) onConfirmedChange(false);
          }}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={describedBy(countryError && ids.countryError)}
          className="focus-visible:outline-brand mt-1 min-h-11 w-full rounded border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 aria-[invalid=true]:border-red-700"
        >
          {countries.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.name} ({entry.sign})
            </option>
          ))}
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
          type="text"
          value={plate}
          onChange={onPlateInput}
          onBlur={() => {
            setPlateLeft(true);
            onPlateBlur?.();
          }}
          maxLength={24}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="next"
          aria-invalid={plateError ? true : undefined}
          aria-describedby={describedBy(ids.plateHint, plateError && ids.plateError)}
          className="focus-visible:outline-brand mt-1 min-h-11 w-full rounded border border-slate-400 bg-white px-3 font-mono text-lg tracking-wider text-slate-900 uppercase slashed-zero focus-visible:outline-2 aria-[invalid=true]:border-red-700"
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
            <span className="px-3 py-1 font-mono text-2xl font-bold tracking-widest text-slate-900 slashed-zero">
              {check.plate}
            </span>
          </p>
        </div>
      )}

      <div>
        {warnings.length > 0 && (
          <ul className="mb-3 space-y-2" data-testid="plate-warnings">
            {warnings.includes('LETTER_O_OR_DIGIT_0') && (
              <li
                id={ids.warningO}
                className="flex gap-2 rounded border-l-4 border-amber-500 bg-amber-50 p-3 text-sm text-amber-950"
              >
                {labels.confirm.warningO}
              </li>
            )}
            {warnings.includes('LETTER_I_OR_DIGIT_1') && (
              <li
                id={ids.warningI}
                className="flex gap-2 rounded border-l-4 border-amber-500 bg-amber-50 p-3 text-sm text-amber-950"
              >
                {labels.confirm.warningI}
              </li>
            )}
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
              warnings.includes('LETTER_O_OR_DIGIT_0') && ids.warningO,
              warnings.includes('LETTER_I_OR_DIGIT_1') && ids.warningI,
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
