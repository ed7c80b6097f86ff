'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useRef, useState } from 'react';
import { FieldError } from '@/components/form/field-error';
import {
  patchItem,
  type CorrectedItem,
  type OrderDetails,
  type OrderLine,
} from '@/lib/admin-client/order-actions-api';
import { countryName, REGISTRATION_COUNTRIES } from '@/lib/vignettes/countries';
import { checkPlate, normalizePlate } from '@/lib/vignettes/plate';
import { AdminDialog } from '../ui/admin-dialog';
import { Notice } from '../ui/notice';
import { TextField } from '../ui/text-field';
import { fieldInput, fieldLabel, primaryButton, rowButton, secondaryButton } from '../ui/styles';
import { useActionFailure } from './action-failure';

type ItemField = 'plate' | 'country';
const FIELDS: readonly ItemField[] = ['plate', 'country'];

/** The states in which a vignette's plate or country may still be corrected. */
export const CORRECTABLE_STATUSES: readonly string[] = ['FULFILLMENT_FAILED', 'PAID', 'FULFILLED'];

/**
 * "Correct" on one vignette, with how many times it was corrected already. A wrong plate makes a vignette worthless
 * on the road, so staff fix what the buyer mistyped; the issuer's rule (at most 3 characters, within 60 days, for a
 * vignette already issued) is stated in the form and checked by the server.
 */
export function CorrectItem({
  order,
  line,
  mayCorrect,
  onDone,
}: {
  order: OrderDetails;
  line: Extract<OrderLine, { plate: unknown }>;
  mayCorrect: boolean;
  onDone: (item: CorrectedItem) => Promise<void>;
}) {
  const c = useTranslations('Admin.actions.correct');
  const [open, setOpen] = useState(false);
  const plate = line.plate ?? '';
  if (line.revision === 0 && !mayCorrect) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-2 text-sm">
      {line.revision > 0 && <span className="text-slate-700">{c('revision', { count: line.revision })}</span>}
      {mayCorrect && (
        <>
          <button
            type="button"
            className={rowButton}
            aria-label={c('buttonLabel', { plate })}
            onClick={() => setOpen(true)}
          >
            {c('button')}
          </button>
          <AdminDialog open={open} onClose={() => setOpen(false)} title={c('title', { plate })}>
            <CorrectionForm
              order={order}
              line={line}
              onCancel={() => setOpen(false)}
              onDone={async (item) => {
                await onDone(item);
                setOpen(false);
              }}
            />
          </AdminDialog>
        </>
      )}
    </div>
  );
}

function CorrectionForm({
  order,
  line,
  onCancel,
  onDone,
}: {
  order: OrderDetails;
  line: Extract<OrderLine, { plate: unknown }>;
  onCancel: () => void;
  onDone: (item: CorrectedItem) => Promise<void>;
}) {
  const c = useTranslations('Admin.actions.correct');
  const a = useTranslations('Admin.actions');
  const locale = useLocale();
  const actionFailure = useActionFailure();
  const id = useId();
  const plateRef = useRef<HTMLInputElement>(null);
  const countryRef = useRef<HTMLSelectElement>(null);
  const [plate, setPlate] = useState(line.plate ?? '');
  const [country, setCountry] = useState(line.country ?? '');
  const [errors, setErrors] = useState<Partial<Record<ItemField, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  const countries = useMemo(() => {
    const collator = new Intl.Collator(locale);
    const named = REGISTRATION_COUNTRIES.map((entry) => ({
      ...entry,
      name: countryName(entry.code, locale),
    }));
    // Romania and Hungary first, as the shop's form has them; the rest by name in the reader's language.
    const [first, second, ...rest] = named;
    return [first, second, ...rest.sort((x, y) => collator.compare(x.name, y.name))].filter(
      (entry) => entry !== undefined,
    );
  }, [locale]);

  const refuse = (found: Partial<Record<ItemField, string>>) => {
    setErrors(found);
    (found.plate ? plateRef : countryRef).current?.focus();
  };

  const save = async () => {
    setFailure(undefined);
    const check = checkPlate(plate, country);
    if (!check.ok) return refuse({ plate: a('issues.plateInvalid') });
    const changed = {
      plate: check.plate !== line.plate ? check.plate : undefined,
      country: country !== line.country ? country : undefined,
    };
    if (!changed.plate && !changed.country) return refuse({ plate: a('issues.nothingChanged') });
    setErrors({});
    setSaving(true);
    try {
      // Only what changes: the server counts the characters of a new plate against the issued one.
      const { item } = await patchItem({
        orderId: order.id,
        itemId: line.id,
        ...(changed.plate ? { plate: changed.plate } : {}),
        ...(changed.country ? { country: changed.country } : {}),
      });
      await onDone(item);
    } catch (error) {
      const { fields, message } = actionFailure(error, FIELDS);
      if (fields.plate || fields.country) refuse(fields);
      else setFailure(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="text-sm text-slate-800">{c('rule')}</p>
      <div>
        <label htmlFor={`${id}-country`} className={fieldLabel}>
          {c('country')}
        </label>
        <select
          ref={countryRef}
          id={`${id}-country`}
          value={country}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? `${id}-country-error` : undefined}
          className={fieldInput}
          onChange={(event) => setCountry(event.target.value)}
        >
          {countries.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.name} ({entry.sign})
            </option>
          ))}
        </select>
        <FieldError id={`${id}-country-error`} message={errors.country} />
      </div>
      <TextField
        ref={plateRef}
        id={`${id}-plate`}
        label={c('plate')}
        value={plate}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="[&_input]:font-mono"
        error={errors.plate}
        onChange={(event) => setPlate(normalizePlate(event.target.value))}
      />
      <Notice tone="error" urgent>
        {failure}
      </Notice>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {a('cancel')}
        </button>
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? c('saving') : c('save')}
        </button>
      </div>
    </form>
  );
}
