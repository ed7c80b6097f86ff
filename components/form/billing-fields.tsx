'use client';

import { useMemo, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useFormContext, useWatch, type FieldError as FormFieldError } from 'react-hook-form';
import { BUCHAREST, BUCHAREST_SECTORS, countiesInOrder } from '@/lib/billing/ro-counties';
import { fill } from '@/lib/i18n/format';
import type messages from '@/messages/ro.json';
import { useCountryOptions } from '@/components/vignette/use-country-options';
import { FieldError } from './field-error';
import { SHOP_FIELD_STYLES, TextField } from './text-field';

export type BillingLabels = (typeof messages)['Billing'];

/** The billing block's fields as the form holds them: every one a string, the ones that do not apply left aside. */
export interface BillingValues {
  kind: 'PERSON' | 'COMPANY';
  name: string;
  taxId: string;
  tradeRegister: string;
  street: string;
  /** For Bucharest, the sector's code (`SECTOR3`), chosen from a list. */
  city: string;
  /** ISO 3166-2:RO, for Romania only. */
  county: string;
  postalCode: string;
  country: string;
}

/** What a checkout form with a billing block holds besides its own fields. */
export interface BillingFormValues {
  wantsInvoice: boolean;
  invoice: BillingValues;
}

/** Most buyers are Romanian: the country starts as Romania, so the county list shows at once. */
export const EMPTY_BILLING: BillingValues = {
  kind: 'PERSON',
  name: '',
  taxId: '',
  tradeRegister: '',
  street: '',
  city: '',
  county: '',
  postalCode: '',
  country: 'RO',
};

/** The billing block's fields an order's 422 issues may name (`invoice.city`), to show each next to its field. */
export const BILLING_FIELD_PATHS: readonly string[] = Object.keys(EMPTY_BILLING).map(
  (field) => `invoice.${field}`,
);

/**
 * The schema's `invoice` (lib/validations/billing.ts) from the form's billing values: none unless asked for, a
 * person's without company fields, an address abroad without a county, and empty optional fields left out.
 */
export function billingInput({ wantsInvoice, invoice }: BillingFormValues) {
  if (!wantsInvoice) return undefined;
  const { kind, name, taxId, tradeRegister, street, city, county, postalCode, country } = invoice;
  const address = {
    street,
    city,
    ...(country === 'RO' ? { county } : {}),
    ...(postalCode.trim() ? { postalCode } : {}),
    country,
  };
  return kind === 'PERSON'
    ? { kind, name, ...address }
    : { kind, name, taxId, ...(tradeRegister.trim() ? { tradeRegister } : {}), ...address };
}

const SELECT_CLASS =
  'focus-visible:outline-brand mt-1 min-h-11 w-full rounded border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 aria-[invalid=true]:border-red-700';

/** A labelled select with its error, tied to it by aria-describedby, in the look of the shop's text fields. */
function SelectField({
  id,
  label,
  error,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={SHOP_FIELD_STYLES.label}>
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={SELECT_CLASS}
        {...select}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

interface BillingFieldsProps {
  /** The form's `useId()`: the fields' ids are `${idPrefix}-invoice-name` and so on, as the form names its own. */
  idPrefix: string;
  locale: string;
  labels: BillingLabels;
  /** The text of an error's message key, in the visitor's language (the form's `errorText`). */
  message: (key: string | undefined) => string | undefined;
  /** The fields without the "I want an invoice" box, always shown: for staff correcting an order's billing data. */
  alwaysOpen?: boolean;
}

/**
 * The checkout's optional billing block, shared by the vignette and the top-up checkout inside their FormProvider:
 * "I want an invoice", then whom it names (a person, or a company with its CUI) and where, in the parts RO e-Factura
 * needs. For Romania the county is chosen from the ISO list, and Bucharest's city from its six sectors, so that what
 * is typed is what the invoice's XML may say.
 */
export function BillingFields({
  idPrefix,
  locale,
  labels: t,
  message,
  alwaysOpen = false,
}: BillingFieldsProps) {
  const { control, register, setValue, formState } = useFormContext<BillingFormValues>();
  const [wantsInvoice, kind, country, county] = useWatch({
    control,
    name: ['wantsInvoice', 'invoice.kind', 'invoice.country', 'invoice.county'],
  });
  const countries = useCountryOptions(locale);
  const counties = useMemo(() => countiesInOrder(), []);
  const errors = formState.errors.invoice;
  const fieldId = (name: string) => `${idPrefix}-invoice-${name}`;
  const errorOf = (error: FormFieldError | undefined) => message(error?.message);
  const romania = country === 'RO';
  const bucharest = romania && county === BUCHAREST;
  // The city of Bucharest is a sector code, of anywhere else a name: one never stands for the other.
  const clearCity = () => setValue('invoice.city', '');

  const countryField = register('invoice.country', {
    onChange: () => {
      if (bucharest) clearCity();
    },
  });
  const countyField = register('invoice.county', {
    onChange: (event: { target: { value: string } }) => {
      if ((event.target.value === BUCHAREST) !== bucharest) clearCity();
    },
  });

  return (
    <div className="space-y-3">
      {!alwaysOpen && (
        <div className="flex items-start gap-3">
          <input
            {...register('wantsInvoice')}
            id={`${idPrefix}-wantsInvoice`}
            type="checkbox"
            className="accent-brand mt-0.5 size-6 shrink-0"
          />
          <label htmlFor={`${idPrefix}-wantsInvoice`} className="font-medium text-slate-900">
            {t.toggle}
          </label>
        </div>
      )}
      {(alwaysOpen || wantsInvoice) && (
        <div
          className="space-y-4 rounded-lg border border-slate-300 bg-white p-3"
          data-testid="billing-fields"
        >
          <fieldset>
            <legend className={SHOP_FIELD_STYLES.label}>{t.kind}</legend>
            <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
              {(['PERSON', 'COMPANY'] as const).map((option) => (
                <label key={option} className="flex min-h-11 items-center gap-2">
                  <input
                    {...register('invoice.kind')}
                    type="radio"
                    value={option}
                    className="accent-brand size-5"
                  />
                  {option === 'PERSON' ? t.person : t.company}
                </label>
              ))}
            </div>
          </fieldset>
          <TextField
            {...register('invoice.name')}
            id={fieldId('name')}
            label={kind === 'COMPANY' ? t.companyName : t.name}
            error={errorOf(errors?.name)}
            type="text"
            autoComplete={kind === 'COMPANY' ? 'organization' : 'name'}
          />
          {kind === 'COMPANY' && (
            <>
              <TextField
                {...register('invoice.taxId')}
                id={fieldId('taxId')}
                label={t.taxId}
                hint={t.taxIdHint}
                error={errorOf(errors?.taxId)}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
              <TextField
                {...register('invoice.tradeRegister')}
                id={fieldId('tradeRegister')}
                label={t.tradeRegister}
                error={errorOf(errors?.tradeRegister)}
                type="text"
                autoComplete="off"
                spellCheck={false}
              />
            </>
          )}
          <SelectField
            {...countryField}
            id={fieldId('country')}
            label={t.country}
            error={errorOf(errors?.country)}
            autoComplete="country"
          >
            {countries.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name}
              </option>
            ))}
          </SelectField>
          <TextField
            {...register('invoice.street')}
            id={fieldId('street')}
            label={t.street}
            error={errorOf(errors?.street)}
            type="text"
            autoComplete="street-address"
          />
          {romania && (
            <SelectField
              {...countyField}
              id={fieldId('county')}
              label={t.county}
              error={errorOf(errors?.county)}
              autoComplete="address-level1"
            >
              <option value="">{t.choose}</option>
              {counties.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.name}
                </option>
              ))}
            </SelectField>
          )}
          {bucharest ? (
            <SelectField
              {...register('invoice.city')}
              id={fieldId('city')}
              label={t.sector}
              error={errorOf(errors?.city)}
            >
              <option value="">{t.choose}</option>
              {BUCHAREST_SECTORS.map((sector, index) => (
                <option key={sector} value={sector}>
                  {fill(t.sectorOption, { number: index + 1 })}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField
              {...register('invoice.city')}
              id={fieldId('city')}
              label={t.city}
              error={errorOf(errors?.city)}
              type="text"
              autoComplete="address-level2"
            />
          )}
          <TextField
            {...register('invoice.postalCode')}
            id={fieldId('postalCode')}
            label={t.postalCode}
            error={errorOf(errors?.postalCode)}
            type="text"
            inputMode={romania ? 'numeric' : 'text'}
            autoComplete="postal-code"
            className="max-w-48"
          />
        </div>
      )}
    </div>
  );
}
