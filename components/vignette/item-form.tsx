'use client';

import { useId, useMemo, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { Catalog, CatalogProduct } from '@/lib/client/api';
import { plateWithCountry } from '@/lib/vignettes/countries';
import { normalizePlate } from '@/lib/vignettes/plate';
import { validityOf, type Validity } from '@/lib/vignettes/validity';
import { validityText, type ValidityTexts } from '@/lib/vignettes/validity-text';
import { addToCart, findOverlaps, MAX_CART_ITEMS, randomId, type CartItem } from '@/lib/cart/cart-store';
import type { SellableCode } from '@/lib/vignettes/categories';
import { isYearly, VIGNETTE_TYPES, type VignetteType } from '@/lib/vignettes/periods';
import { DatePicker } from './date-picker';
import { FieldError } from '@/components/form/field-error';
import {
  isFieldError,
  fetchesSchemaWhenTouched,
  whenSchemaUnavailable,
  zodFormResolver,
  type LazyResolver,
} from '@/components/form/zod-form-resolver';
import { fill, formatDay, formatHuf, formatRon } from '@/lib/i18n/format';
import { errorText, type ValidationLabels, type VignetteFormLabels } from '@/lib/i18n/labels';
import { PlateCountryFields } from './plate-fields';
import { useHydrated } from '@/lib/client/use-hydrated';

export interface ItemFormValues {
  type: VignetteType | '';
  /** The first day, for DAY, WEEK and MONTH. */
  startDate: string;
  /** The year, for YEAR and COUNTY_YEAR (a choice only in December's pre-sale). */
  year: string;
  county: string;
  plate: string;
  country: string;
  plateConfirmed: boolean;
}

const DEFAULT_VALUES: ItemFormValues = {
  type: '',
  startDate: '',
  year: '',
  county: '',
  plate: '',
  country: 'RO',
  plateConfirmed: false,
};

/** The catalog's products of one type for the category; for yearly vignettes one per year on sale, oldest first. */
const productsOf = (products: readonly CatalogProduct[], type: VignetteType | '') =>
  products.filter((product) => product.type === type).sort((a, b) => a.year - b.year);

function productFor(products: readonly CatalogProduct[], values: Pick<ItemFormValues, 'type' | 'year'>) {
  const candidates = productsOf(products, values.type);
  return candidates.find((product) => String(product.year) === values.year) ?? candidates[0];
}

/** The API's item for the form's values: a yearly vignette's year travels as its first possible start day. */
function toItemInput(
  categoryCode: SellableCode,
  products: readonly CatalogProduct[],
  values: ItemFormValues,
) {
  const type = values.type;
  const yearly = type !== '' && isYearly(type);
  return {
    categoryCode,
    type,
    startDate: (yearly ? productFor(products, values)?.earliestStart : values.startDate) || undefined,
    county: type === 'COUNTY_YEAR' ? values.county || undefined : undefined,
    plate: values.plate,
    country: values.country,
    plateConfirmed: values.plateConfirmed,
  };
}

function itemResolver(
  categoryCode: SellableCode,
  products: readonly CatalogProduct[],
): LazyResolver<ItemFormValues> {
  const schema = () =>
    import('@/lib/validations/purchase-forms').then((forms) =>
      // A start within the bounds of the earliest product of its type (the catalog's today).
      forms.vignetteItemFormSchema((type) => productsOf(products, type)[0]),
    );
  return zodFormResolver(schema, {
    toInput: (values) => toItemInput(categoryCode, products, values),
    toFormErrors: (errors, values) => {
      const { startDate, ...others } = errors;
      // For yearly vignettes the start day stands for the year the buyer chose.
      if (values.type === '' || !isYearly(values.type) || !isFieldError(startDate)) return errors;
      return { ...others, year: startDate };
    },
  });
}

/**
 * The present as the shop's rules see it: noon UTC of Budapest's today (the catalog's date) is that same day in
 * Budapest, whatever the browser's zone or clock.
 */
export const catalogNow = (today: string) => new Date(`${today}T12:00:00Z`);

/** Validity as the buyer will get it; undefined until the period (and the start day) are chosen. */
function validityFor(input: ReturnType<typeof toItemInput>, today: string): Validity | undefined {
  if (input.type === '') return undefined;
  try {
    return validityOf(input.type, { startDate: input.startDate }, catalogNow(today));
  } catch {
    return undefined;
  }
}

interface ItemFormProps {
  categoryCode: SellableCode;
  catalog: Catalog;
  locale: string;
  cart: readonly CartItem[];
  labels: Omit<VignetteFormLabels, 'checkout'>;
  validation: ValidationLabels;
  validityTexts: ValidityTexts;
  /** "D1 · de 10 zile · HD12ABC (RO)": how a cart line is named in texts. */
  describeItem: (item: Pick<CartItem, 'categoryCode' | 'type' | 'plate' | 'country' | 'county'>) => string;
  onAdded: (item: CartItem) => void;
}

/**
 * The three steps of one vignette (period, start, vehicle) and "add to cart". Validation is the shared zod schema
 * through react-hook-form's zodResolver; errors stand next to their fields in the page's language, and a failed
 * submit focuses the first invalid field.
 */
export function ItemForm({
  categoryCode,
  catalog,
  locale,
  cart,
  labels,
  validation,
  validityTexts,
  describeItem,
  onAdded,
}: ItemFormProps) {
  const id = useId();
  const hydrated = useHydrated();
  const products = useMemo(
    () => catalog.products.filter((product) => product.categoryCode === categoryCode),
    [catalog, categoryCode],
  );
  const resolver = useMemo(() => itemResolver(categoryCode, products), [categoryCode, products]);
  const { control, register, handleSubmit, reset, formState, setValue, clearErrors } =
    useForm<ItemFormValues>({
      defaultValues: DEFAULT_VALUES,
      resolver,
    });
  // Registered in the order they are shown, so that a failed submit focuses the first invalid field on the page.
  const typeField = register('type');
  const startField = useController({ control, name: 'startDate' });
  const yearField = register('year');
  const countyField = register('county');
  const countryField = useController({ control, name: 'country' });
  const plateField = useController({ control, name: 'plate' });
  const confirmField = useController({ control, name: 'plateConfirmed' });
  const values = useWatch({ control }) as ItemFormValues;
  const [addError, setAddError] = useState<string>();
  // A new vehicle step after each added vignette: its "field left" state starts over.
  const [added, setAdded] = useState(0);

  const errors = formState.errors;
  const message = (key: string | undefined) => errorText(key, validation, labels.errors);
  const ids = {
    type: `${id}-type`,
    typeError: `${id}-type-error`,
    start: `${id}-start`,
    startHint: `${id}-start-hint`,
    startError: `${id}-start-error`,
    yearError: `${id}-year-error`,
    county: `${id}-county`,
    countyHint: `${id}-county-hint`,
    countyError: `${id}-county-error`,
    addError: `${id}-add-error`,
  };

  const types = VIGNETTE_TYPES.filter((type) => products.some((product) => product.type === type));
  const type = values.type;
  const yearly = type !== '' && isYearly(type);
  const product = type === '' ? undefined : productFor(products, values);
  const years = type === '' ? [] : productsOf(products, type).map((candidate) => candidate.year);
  const input = toItemInput(categoryCode, products, values);
  const validity = validityFor(input, catalog.date);
  const plate = normalizePlate(values.plate ?? '');
  const overlaps =
    validity && plate
      ? findOverlaps(cart, {
          plate,
          country: values.country,
          type: type as VignetteType,
          county: input.county,
          ...validity,
        })
      : [];

  const onAdd = (submitted: ItemFormValues) => {
    setAddError(undefined);
    if (cart.length >= MAX_CART_ITEMS) {
      setAddError(fill(labels.add.full, { max: MAX_CART_ITEMS }));
      return;
    }
    const item = toItemInput(categoryCode, products, submitted);
    const chosen = productFor(products, submitted);
    const days = validityFor(item, catalog.date);
    if (item.type === '' || !chosen || !days) return;
    const entry: CartItem = {
      id: randomId(),
      categoryCode,
      type: item.type,
      startDate: item.startDate,
      county: item.county,
      plate: normalizePlate(item.plate),
      country: item.country,
      ...days,
      priceHuf: chosen.priceHuf,
      priceRon: chosen.priceRon,
    };
    if (!addToCart(entry)) {
      setAddError(fill(labels.add.full, { max: MAX_CART_ITEMS }));
      return;
    }
    onAdded(entry);
    setAdded((count) => count + 1);
    reset({ ...DEFAULT_VALUES, country: submitted.country });
  };

  const stepHeading = 'flex items-center gap-3 text-xl font-semibold text-slate-900';
  const stepNumber =
    'flex size-8 shrink-0 items-center justify-center rounded-full bg-brand text-base font-bold text-white';
  const priceText = (candidate: CatalogProduct | undefined) =>
    candidate
      ? `${formatHuf(candidate.priceHuf, locale)} · ${formatRon(candidate.priceRon, locale)}`
      : labels.periods.unavailable;

  const typeError = message(errors.type?.message);
  const startError = message(errors.startDate?.message);
  const yearError = message(errors.year?.message);
  const countyError = message(errors.county?.message);

  return (
    <form
      {...fetchesSchemaWhenTouched(resolver)}
      onSubmit={(event) => {
        // A new try: what the last one said goes.
        setAddError(undefined);
        void handleSubmit(onAdd)(event).catch(
          whenSchemaUnavailable(() => setAddError(message('formUnavailable'))),
        );
      }}
      data-testid="vignette-item-form"
    >
      {/* Disabled until the scripts run (useHydrated); a layout of its own would not be the same form. */}
      <fieldset disabled={!hydrated} className="contents space-y-8">
        <section aria-labelledby={`${id}-step-period`} className="space-y-3">
          <h2 id={`${id}-step-period`} className={stepHeading}>
            <span aria-hidden="true" className={stepNumber}>
              1
            </span>
            {labels.steps.period}
          </h2>
          <fieldset
            role="radiogroup"
            aria-invalid={typeError ? true : undefined}
            aria-describedby={typeError ? ids.typeError : undefined}
          >
            <legend className="mb-2 text-slate-700">{labels.periods.legend}</legend>
            {types.length === 0 && <p className="text-slate-800">{labels.periods.unavailable}</p>}
            <div className="grid gap-2 sm:grid-cols-2">
              {types.map((candidate) => {
                const optionId = `${ids.type}-${candidate}`;
                const shown = candidate === type ? product : productsOf(products, candidate)[0];
                return (
                  <label
                    key={candidate}
                    htmlFor={optionId}
                    className="hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand/5 has-[:focus-visible]:outline-brand flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-2 has-[:focus-visible]:outline-2"
                  >
                    <input
                      {...typeField}
                      id={optionId}
                      type="radio"
                      value={candidate}
                      aria-labelledby={`${optionId}-name ${optionId}-price`}
                      aria-describedby={`${optionId}-description`}
                      className="accent-brand mt-1 size-5 shrink-0 focus-visible:outline-none"
                    />
                    <span className="flex flex-col">
                      <span id={`${optionId}-name`} className="font-semibold text-slate-900">
                        {labels.periods[candidate].name}
                      </span>
                      <span id={`${optionId}-price`} className="text-brand font-medium tabular-nums">
                        {priceText(shown)}
                      </span>
                      <span id={`${optionId}-description`} className="text-sm text-slate-700">
                        {labels.periods[candidate].description}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          <FieldError id={ids.typeError} message={typeError} />
        </section>

        <section aria-labelledby={`${id}-step-start`} className="space-y-3">
          <h2 id={`${id}-step-start`} className={stepHeading}>
            <span aria-hidden="true" className={stepNumber}>
              2
            </span>
            {labels.steps.start}
          </h2>

          {type === '' && <p className="text-slate-700">{labels.start.choosePeriod}</p>}

          {type !== '' && !yearly && product && (
            <div>
              <label htmlFor={ids.start} className="block font-medium text-slate-900">
                {labels.start.label}
              </label>
              <p id={ids.startHint} className="text-sm text-slate-700">
                {fill(labels.start.hint, {
                  min: formatDay(product.earliestStart, locale),
                  max: formatDay(product.latestStart, locale),
                })}
              </p>
              <div className="mt-1">
                <DatePicker
                  id={ids.start}
                  locale={locale}
                  min={product.earliestStart}
                  max={product.latestStart}
                  today={catalog.date}
                  value={startField.field.value || undefined}
                  onChange={startField.field.onChange}
                  onBlur={startField.field.onBlur}
                  inputRef={startField.field.ref}
                  invalid={Boolean(startError)}
                  describedBy={[ids.startHint, startError && ids.startError].filter(Boolean).join(' ')}
                  labels={labels.calendar}
                />
              </div>
              <FieldError id={ids.startError} message={startError} />
            </div>
          )}

          {yearly && years.length > 1 && (
            <fieldset aria-describedby={yearError ? ids.yearError : undefined}>
              <legend className="font-medium text-slate-900">{labels.year.legend}</legend>
              <div className="mt-1 flex flex-wrap gap-2">
                {years.map((year, index) => (
                  <label
                    key={year}
                    className="has-[:checked]:border-brand flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 has-[:checked]:border-2"
                  >
                    <input
                      {...yearField}
                      type="radio"
                      value={String(year)}
                      defaultChecked={index === 0 && !values.year}
                      className="accent-brand size-5"
                    />
                    {fill(labels.year.option, { year })}
                  </label>
                ))}
              </div>
              <FieldError id={ids.yearError} message={yearError} />
            </fieldset>
          )}
          {yearly && years.length <= 1 && <FieldError id={ids.yearError} message={yearError} />}

          {type === 'COUNTY_YEAR' && (
            <div>
              <label htmlFor={ids.county} className="block font-medium text-slate-900">
                {labels.county.label}
              </label>
              <p id={ids.countyHint} className="text-sm text-slate-700">
                {labels.county.hint}
              </p>
              <select
                {...countyField}
                id={ids.county}
                aria-invalid={countyError ? true : undefined}
                aria-describedby={[ids.countyHint, countyError && ids.countyError].filter(Boolean).join(' ')}
                className="focus-visible:outline-brand mt-1 min-h-11 w-full rounded border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 aria-[invalid=true]:border-red-700"
              >
                <option value="">{labels.county.placeholder}</option>
                {catalog.counties.map((county) => (
                  <option key={county.id} value={county.id}>
                    {county.name}
                  </option>
                ))}
              </select>
              <FieldError id={ids.countyError} message={countyError} />
            </div>
          )}

          {type !== '' && (
            <div
              aria-live="polite"
              className="rounded-lg bg-sky-50 p-3 text-slate-900"
              data-testid="validity"
            >
              {validity ? (
                <p>
                  <span className="font-semibold">{labels.validity.label}: </span>
                  {/* Not paid yet: worded as a purchase now, "from the payment" for today. */}
                  <span data-first-day={validity.firstDay} data-last-day={validity.lastDay}>
                    {validityText(validityTexts, validity, catalogNow(catalog.date), locale)}
                  </span>
                </p>
              ) : (
                <p className="text-slate-700">{labels.validity.pending}</p>
              )}
            </div>
          )}
        </section>

        <section aria-labelledby={`${id}-step-vehicle`} className="space-y-3">
          <h2 id={`${id}-step-vehicle`} className={stepHeading}>
            <span aria-hidden="true" className={stepNumber}>
              3
            </span>
            {labels.steps.vehicle}
          </h2>
          <PlateCountryFields
            key={added}
            locale={locale}
            plate={plateField.field.value}
            country={countryField.field.value}
            confirmed={confirmField.field.value}
            onPlateChange={plateField.field.onChange}
            onPlateBlur={plateField.field.onBlur}
            onCountryChange={countryField.field.onChange}
            onConfirmedChange={confirmField.field.onChange}
            onConfirmationReset={() => {
              // Unchecked because the plate or the country changed: its error waits for the next attempt to add.
              setValue('plateConfirmed', false);
              clearErrors('plateConfirmed');
            }}
            errors={{
              plate: errors.plate?.message,
              country: errors.country?.message,
              confirmed: errors.plateConfirmed?.message,
            }}
            showErrors={formState.isSubmitted}
            labels={labels}
            validation={validation}
            plateRef={plateField.field.ref}
            countryRef={countryField.field.ref}
            confirmRef={confirmField.field.ref}
          />
        </section>

        <div className="space-y-3">
          <div aria-live="polite">
            {overlaps.length > 0 && (
              <p
                className="rounded border-l-4 border-amber-500 bg-amber-50 p-3 text-amber-950"
                data-testid="duplicate-warning"
              >
                {fill(labels.add.duplicate, {
                  plate: plateWithCountry(plate, values.country),
                  items: overlaps
                    .map(
                      (item) =>
                        `${describeItem(item)}, ${formatDay(item.firstDay, locale, 'medium')} – ${formatDay(item.lastDay, locale, 'medium')}`,
                    )
                    .join('; '),
                })}
              </p>
            )}
          </div>
          <button
            type="submit"
            aria-describedby={addError ? ids.addError : undefined}
            className="bg-brand hover:bg-brand-dark focus-visible:outline-brand inline-flex min-h-12 w-full items-center justify-center rounded-lg px-6 text-lg font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 sm:w-auto"
          >
            {labels.add.button}
          </button>
          <FieldError id={ids.addError} message={addError} />
        </div>
      </fieldset>
    </form>
  );
}
