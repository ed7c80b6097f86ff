'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import {
  BILLING_FIELD_PATHS,
  BillingFields,
  billingInput,
  EMPTY_BILLING,
  type BillingFormValues,
  type BillingValues,
} from '@/components/form/billing-fields';
import {
  fetchesSchemaWhenTouched,
  whenSchemaUnavailable,
  zodFormResolver,
} from '@/components/form/zod-form-resolver';
import { patchBilling, type CorrectedBilling, type OrderDetails } from '@/lib/admin-client/order-actions-api';
import { isKeyOf, useIssueText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { ConfirmActions } from '../ui/confirm-actions';
import { Notice } from '../ui/notice';
import { FormButtons, useActionForm, type OrderActionDialogProps } from './action-form';

/** What the form holds: the order it corrects and the shop's billing block, always asked for. */
type CorrectionValues = BillingFormValues & { id: string };

/** The request's body for the form's values: the schema's input, as the checkout builds it. */
const toCorrection = ({ id, ...billing }: CorrectionValues) => ({
  id,
  invoice: billingInput({ ...billing, wantsInvoice: true }),
});

/** The API's own schema (lib/validations/order-actions.ts), fetched when the form is first touched. */
const correctionSchema = () =>
  import('@/lib/validations/order-actions').then((schemas) => schemas.billingCorrectionSchema);

const resolver = zodFormResolver(correctionSchema, {
  toInput: toCorrection,
  toFormErrors: (errors) => errors,
});

/** The form's billing values from what the order holds: its structured data, or what an older order kept. */
function billingValuesOf(data: OrderDetails['invoiceData']): BillingValues {
  if (!data) return EMPTY_BILLING;
  const company = data.kind === 'COMPANY' ? data : undefined;
  const named = {
    kind: data.kind,
    name: data.name,
    taxId: company?.taxId ?? '',
    tradeRegister: company?.tradeRegister ?? '',
  };
  // An older order's address is one free text: it goes to the street, for staff to split. (Checked here rather than
  // with lib/validations/billing.ts's helper, which would bring zod with it before the form is touched.)
  if (!('street' in data)) return { ...EMPTY_BILLING, ...named, street: data.address };
  return {
    ...named,
    street: data.street,
    city: data.city,
    county: data.county ?? '',
    postalCode: data.postalCode ?? '',
    country: data.country,
  };
}

/**
 * Staff correct whom the order's invoice names, in the checkout's own billing block judged by the API's schema, then
 * confirm: on an invoiced order the confirmation says that the invoice stays as issued and that a credit note and a
 * new invoice with a new number are issued (lib/invoices/reissue.ts); before payment, that the invoice will name the
 * corrected buyer. A field the server refuses sends staff back to the form with the reason next to it.
 */
export function BillingCorrectionDialog({
  open,
  onClose,
  ...steps
}: OrderActionDialogProps<CorrectedBilling>) {
  const b = useTranslations('Admin.actions.billing');
  const [sending, setSending] = useState(false);
  return (
    <AdminDialog
      open={open}
      onClose={() => !sending && onClose()}
      title={b('title', { id: steps.order.id })}
      size="lg"
    >
      <BillingCorrectionSteps {...steps} onClose={onClose} onSending={setSending} />
    </AdminDialog>
  );
}

function BillingCorrectionSteps({
  order,
  onClose,
  onDone,
  onSending,
}: Omit<OrderActionDialogProps<CorrectedBilling>, 'open'> & { onSending: (sending: boolean) => void }) {
  const b = useTranslations('Admin.actions.billing');
  const a = useTranslations('Admin.actions');
  const { Billing, Validation } = useMessages();
  const locale = useLocale();
  const issueText = useIssueText();
  const id = useId();
  const form = useForm<CorrectionValues>({
    defaultValues: { id: order.id, wantsInvoice: true, invoice: billingValuesOf(order.invoiceData) },
    resolver,
  });
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [formFailure, setFormFailure] = useState<string>();
  const questionRef = useRef<HTMLParagraphElement>(null);
  const action = useActionForm<string>({
    fields: BILLING_FIELD_PATHS,
    // A field the server refuses goes back next to it, on the form.
    focus: () => setStep('form'),
    onPending: onSending,
  });

  useEffect(() => {
    if (step === 'confirm') questionRef.current?.focus();
  }, [step]);
  // Back on the form after a refusal: each refused field says why, and the first one has focus.
  useEffect(() => {
    if (step !== 'form') return;
    const refused = BILLING_FIELD_PATHS.filter((path) => action.errors[path]);
    refused.forEach((path, index) =>
      form.setError(
        path as Path<CorrectionValues>,
        { type: 'server', message: action.errors[path] },
        { shouldFocus: index === 0 },
      ),
    );
  }, [step, action.errors, form]);

  // The schema's errors are `Validation` keys; the server's refusals come translated already (useActionFailure).
  const message = (key: string | undefined) =>
    key === undefined ? undefined : isKeyOf(Validation, key) ? issueText(key) : key;
  const invoiced = order.invoiceNumber;
  const name = form.getValues('invoice.name').trim();

  const send = () =>
    action.submit(async () => {
      const corrected = await patchBilling(order.id, toCorrection(form.getValues()).invoice);
      await onDone(corrected);
    });

  if (step === 'confirm') {
    return (
      <div className="space-y-3">
        <p ref={questionRef} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
          {invoiced ? b('question', { number: invoiced }) : b('questionNotInvoiced')}
        </p>
        <p className="text-sm break-words text-slate-800">
          {invoiced
            ? b('reissue', { number: invoiced, name, email: order.email })
            : b('notInvoiced', { name })}
        </p>
        <ConfirmActions
          failure={action.failure}
          cancelLabel={a('back')}
          confirmLabel={action.pending ? b('sending') : invoiced ? b('confirm') : b('confirmNotInvoiced')}
          onCancel={() => setStep('form')}
          onConfirm={() => void send()}
          disabled={action.pending}
        />
      </div>
    );
  }

  return (
    <FormProvider {...form}>
      <form
        {...fetchesSchemaWhenTouched(resolver)}
        className="space-y-4"
        onSubmit={(event) => {
          setFormFailure(undefined);
          void form
            .handleSubmit(() => {
              action.clear();
              setStep('confirm');
            })(event)
            .catch(whenSchemaUnavailable(() => setFormFailure(issueText('formUnavailable'))));
        }}
      >
        <p className="text-sm text-slate-800">
          {invoiced ? b('introInvoiced', { number: invoiced }) : b('introNotInvoiced')}
        </p>
        <BillingFields idPrefix={id} locale={locale} labels={Billing} message={message} alwaysOpen />
        <Notice tone="error" urgent>
          {formFailure ?? action.failure}
        </Notice>
        <FormButtons submitLabel={b('next')} onCancel={onClose} />
      </form>
    </FormProvider>
  );
}
