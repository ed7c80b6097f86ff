'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '@/components/form/field-error';
import { formatRon } from '@/lib/admin-client/format';
import { leiToBani } from '@/lib/admin-client/lei-input';
import { postRefund, type RefundAnswer } from '@/lib/admin-client/order-actions-api';
import { useIssueText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { ConfirmActions } from '../ui/confirm-actions';
import { TextField } from '../ui/text-field';
import { fieldHint, fieldInput, fieldLabel } from '../ui/styles';
import {
  FormButtons,
  useActionForm,
  type OrderActionDialogProps,
  type OrderActionFormProps,
} from './action-form';

/** The server's limit for a refund's reason. */
export const REFUND_REASON_MAX = 500;

type RefundField = 'reason' | 'amountRon';
const FIELDS: readonly RefundField[] = ['reason', 'amountRon'];

/**
 * A refund, in two steps because money moves: the reason and how much (all that is still refundable, or part of it in
 * lei), then a confirmation that says the amount and the buyer before anything is sent. A field the server refuses
 * sends staff back to the first step with the reason next to the field.
 */
export function RefundDialog({ open, onClose, ...steps }: OrderActionDialogProps<RefundAnswer>) {
  const r = useTranslations('Admin.actions.refund');
  const [sending, setSending] = useState(false);
  return (
    // While the request is out, the dialog stays: closing it would hide whether the money left.
    <AdminDialog open={open} onClose={() => !sending && onClose()} title={r('title', { id: steps.order.id })}>
      <RefundSteps {...steps} onClose={onClose} onSending={setSending} />
    </AdminDialog>
  );
}

function RefundSteps({
  order,
  onClose,
  onSending,
  onDone,
}: OrderActionFormProps<RefundAnswer> & { onSending: (sending: boolean) => void }) {
  const r = useTranslations('Admin.actions.refund');
  const a = useTranslations('Admin.actions');
  const locale = useLocale();
  const issueText = useIssueText();
  const id = useId();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [reason, setReason] = useState('');
  const [whole, setWhole] = useState(true);
  const [amountText, setAmountText] = useState('');
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  /** The field to focus once the form is on screen: the first one refused, or the reason on the way back. */
  const focusNext = useRef<RefundField | null>(null);
  const form = useActionForm({
    fields: FIELDS,
    // A refused field sends staff back to the form, where it gets focus once it is there again.
    focus: (field) => {
      focusNext.current = field;
      setStep('form');
    },
    // An amount refused while "everything" was chosen has no field on the form to stand next to.
    onForm: ({ fields, message, raw }) => ({
      fields: { reason: fields.reason, amountRon: whole ? undefined : fields.amountRon },
      message: message ?? fields.amountRon,
      raw,
    }),
    onPending: onSending,
  });
  const { errors } = form;

  const max = formatRon(order.refundableRon, locale);
  const partBani = whole ? undefined : leiToBani(amountText);
  const amountRon = whole ? order.refundableRon : (partBani ?? 0);
  const amount = formatRon(amountRon, locale);

  // The button that moved on is gone: focus follows to what the step asks now.
  useEffect(() => {
    if (step === 'confirm') questionRef.current?.focus();
  }, [step]);
  useEffect(() => {
    if (step !== 'form' || !focusNext.current) return;
    (focusNext.current === 'reason' ? reasonRef : amountRef).current?.focus();
    focusNext.current = null;
  });

  const next = () => {
    const found: Partial<Record<RefundField, string>> = {};
    const text = reason.trim();
    if (!text) found.reason = issueText('required');
    else if (text.length > REFUND_REASON_MAX) found.reason = issueText('tooLong');
    if (!whole) {
      if (partBani === undefined || partBani < 1) found.amountRon = a('issues.amountInvalid');
      else if (partBani > order.refundableRon) found.amountRon = r('amountTooLarge', { max });
    }
    if (found.reason || found.amountRon) return form.refuse(found);
    form.clear();
    setStep('confirm');
  };

  const send = () =>
    form.submit(async () => {
      const answer = await postRefund({
        id: order.id,
        reason: reason.trim(),
        ...(whole ? {} : { amountRon }),
      });
      await onDone(answer);
    });

  if (step === 'confirm') {
    return (
      <div className="space-y-3">
        <p ref={questionRef} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
          {r('question', { amount, email: order.email })}
        </p>
        <p className="text-sm break-words text-slate-800">{r('reasonEcho', { reason: reason.trim() })}</p>
        <p className="text-sm text-slate-800">{r('warning')}</p>
        <ConfirmActions
          failure={form.failure}
          failureRaw={form.failureRaw}
          cancelLabel={a('back')}
          confirmLabel={form.pending ? r('sending') : r('confirm', { amount })}
          onCancel={() => {
            focusNext.current = 'reason';
            setStep('form');
          }}
          onConfirm={() => void send()}
          disabled={form.pending}
          danger
        />
      </div>
    );
  }

  const reasonIds = { hint: `${id}-reason-hint`, error: `${id}-reason-error` };
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
    >
      <div>
        <label htmlFor={`${id}-reason`} className={fieldLabel}>
          {r('reason')}
        </label>
        <textarea
          ref={reasonRef}
          id={`${id}-reason`}
          value={reason}
          rows={3}
          maxLength={REFUND_REASON_MAX}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={[reasonIds.hint, errors.reason && reasonIds.error].filter(Boolean).join(' ')}
          className={`${fieldInput} py-2`}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={reasonIds.hint} className={fieldHint}>
          {r('reasonHint')}
        </p>
        <FieldError id={reasonIds.error} message={errors.reason} />
      </div>
      <fieldset className="space-y-2">
        <legend className={fieldLabel}>{r('scope')}</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
          <input
            type="radio"
            name={`${id}-scope`}
            checked={whole}
            onChange={() => setWhole(true)}
            className="size-4"
          />
          {r('whole', { amount: max })}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-900">
          <input
            type="radio"
            name={`${id}-scope`}
            checked={!whole}
            onChange={() => setWhole(false)}
            className="size-4"
          />
          {r('partial')}
        </label>
      </fieldset>
      {!whole && (
        <TextField
          ref={amountRef}
          id={`${id}-amount`}
          label={r('amount')}
          hint={r('amountHint', { max })}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          error={errors.amountRon}
          onChange={(event) => setAmountText(event.target.value)}
        />
      )}
      <FormButtons className="pt-2" submitLabel={r('next')} onCancel={onClose} />
    </form>
  );
}
