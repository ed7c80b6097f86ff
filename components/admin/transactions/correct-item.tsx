'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useCountryOptions } from '@/components/vignette/use-country-options';
import {
  patchItem,
  type CorrectedItem,
  type OrderDetails,
  type OrderLine,
} from '@/lib/admin-client/order-actions-api';
import { checkPlate, normalizePlate } from '@/lib/vignettes/plate';
import { AdminDialog } from '../ui/admin-dialog';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { rowButton } from '../ui/styles';
import { ActionForm, useActionForm, type OrderActionFormProps } from './action-form';
import { AdminOnly } from './admin-only';

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
  adminOnly = false,
  onDone,
}: {
  order: OrderDetails;
  line: Extract<OrderLine, { plate: unknown }>;
  mayCorrect: boolean;
  /** The state allows a correction that only an administrator may make (of an issued vignette): said so. */
  adminOnly?: boolean;
  onDone: (item: CorrectedItem) => Promise<void>;
}) {
  const c = useTranslations('Admin.actions.correct');
  const plate = line.plate ?? '';
  if (line.revision === 0 && !mayCorrect && !adminOnly) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-2 text-sm">
      {line.revision > 0 && <span className="text-slate-700">{c('revision', { count: line.revision })}</span>}
      {adminOnly && <AdminOnly action={c('button')} />}
      {mayCorrect && (
        <CorrectionButton
          label={c('button')}
          buttonLabel={c('buttonLabel', { plate })}
          title={c('title', { plate })}
          form={(close) => (
            <CorrectionForm
              order={order}
              line={line}
              onClose={close}
              onDone={async (item) => {
                await onDone(item);
                close();
              }}
            />
          )}
        />
      )}
    </div>
  );
}

/** A line's correction: its button, and the dialog with the form, which is given how to close it. */
export function CorrectionButton({
  label,
  buttonLabel,
  title,
  form,
}: {
  label: string;
  buttonLabel: string;
  title: string;
  form: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={rowButton} aria-label={buttonLabel} onClick={() => setOpen(true)}>
        {label}
      </button>
      <AdminDialog open={open} onClose={() => setOpen(false)} title={title}>
        {form(() => setOpen(false))}
      </AdminDialog>
    </>
  );
}

function CorrectionForm({
  order,
  line,
  onClose,
  onDone,
}: OrderActionFormProps<CorrectedItem> & { line: Extract<OrderLine, { plate: unknown }> }) {
  const c = useTranslations('Admin.actions.correct');
  const a = useTranslations('Admin.actions');
  const locale = useLocale();
  const id = useId();
  const plateRef = useRef<HTMLInputElement>(null);
  const countryRef = useRef<HTMLSelectElement>(null);
  const [plate, setPlate] = useState(line.plate ?? '');
  const [country, setCountry] = useState(line.country ?? '');
  const form = useActionForm({
    fields: FIELDS,
    focus: (field) => (field === 'plate' ? plateRef : countryRef).current?.focus(),
  });

  const countries = useCountryOptions(locale);

  const save = () => {
    const check = checkPlate(plate, country);
    if (!check.ok) return form.refuse({ plate: a('issues.plateInvalid') });
    const changed = {
      plate: check.plate !== line.plate ? check.plate : undefined,
      country: country !== line.country ? country : undefined,
    };
    if (!changed.plate && !changed.country) return form.refuse({ plate: a('issues.nothingChanged') });
    return form.submit(async () => {
      // Only what changes: the server counts the characters of a new plate against the issued one.
      const { item } = await patchItem({
        orderId: order.id,
        itemId: line.id,
        ...(changed.plate ? { plate: changed.plate } : {}),
        ...(changed.country ? { country: changed.country } : {}),
      });
      await onDone(item);
    });
  };

  return (
    <ActionForm
      form={form}
      submitLabel={c('save')}
      pendingLabel={c('saving')}
      onSubmit={save}
      onCancel={onClose}
    >
      <p className="text-sm text-slate-800">{c('rule')}</p>
      <SelectField
        ref={countryRef}
        id={`${id}-country`}
        label={c('country')}
        value={country}
        error={form.errors.country}
        onChange={(event) => setCountry(event.target.value)}
      >
        {countries.map((entry) => (
          <option key={entry.code} value={entry.code}>
            {entry.name} ({entry.sign})
          </option>
        ))}
      </SelectField>
      <TextField
        ref={plateRef}
        id={`${id}-plate`}
        label={c('plate')}
        value={plate}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="[&_input]:font-mono"
        error={form.errors.plate}
        onChange={(event) => setPlate(normalizePlate(event.target.value))}
      />
    </ActionForm>
  );
}
