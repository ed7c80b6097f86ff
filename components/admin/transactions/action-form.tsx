'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import type { OrderDetails } from '@/lib/admin-client/order-actions-api';
import { Notice } from '../ui/notice';
import { primaryButton, secondaryButton } from '../ui/styles';
import { RawDetails } from '../ui/raw-details';
import { useActionFailure, type ActionFailure } from './action-failure';

/** What every order-action dialog is given: the order, whether it is open, and what to do on closing and once done. */
export interface OrderActionDialogProps<Answer = void> {
  order: OrderDetails;
  open: boolean;
  onClose: () => void;
  onDone: (answer: Answer) => Promise<void>;
}

/** The form inside such a dialog: it lives only while the dialog is open, so each opening starts afresh. */
export type OrderActionFormProps<Answer = void> = Omit<OrderActionDialogProps<Answer>, 'open'>;

/** The state of an order action on its form, and the one way it is sent and its refusal read. */
export interface ActionFormState<Field extends string> {
  /** Per field, why it was refused: by the form's own check or by the server (422). */
  errors: Partial<Record<Field, string>>;
  /** Why the action failed where no field is to blame (409, no rights, no answer). */
  failure: string | undefined;
  /** The server's own words for that failure, when it gave any: shown folded. */
  failureRaw: string | undefined;
  /** Whether the request is out. */
  pending: boolean;
  /** Puts the texts next to their fields and focus on the first one refused. */
  refuse: (found: Partial<Record<Field, string>>) => void;
  /** Forgets the errors and the failure, as when staff start over. */
  clear: () => void;
  /**
   * Sends the action: errors and failure cleared, `pending` while it is out. A refusal naming fields goes next to
   * them; anything else becomes the failure. Never rejects.
   */
  submit: (action: () => Promise<void>) => Promise<void>;
}

/**
 * The order actions' forms share how a request goes out and how its refusal comes back: the server's 422 issues next
 * to the fields they name, the rest said once for the whole form.
 */
export function useActionForm<Field extends string = never>({
  fields = [],
  focus,
  onForm = (failure) => failure,
  onPending,
}: {
  /** The fields the server may name, the one to focus first when several are refused first. */
  fields?: readonly Field[];
  /** Brings a refused field into view and gives it focus. */
  focus?: (field: Field) => void;
  /** What of a refusal the form can show: a field not on the form at the moment has nothing to stand next to. */
  onForm?: (failure: ActionFailure<Field>) => ActionFailure<Field>;
  /** Told when the request goes out and comes back, for a dialog that must not close meanwhile. */
  onPending?: (pending: boolean) => void;
} = {}): ActionFormState<Field> {
  const actionFailure = useActionFailure();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [failureRaw, setFailureRaw] = useState<string>();
  const [pending, setPending] = useState(false);

  const setPendingAndSay = (value: boolean) => {
    setPending(value);
    onPending?.(value);
  };

  const refuse = (found: Partial<Record<Field, string>>) => {
    setFailure(undefined);
    setFailureRaw(undefined);
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) focus?.(first);
  };

  const clear = () => {
    setErrors({});
    setFailure(undefined);
    setFailureRaw(undefined);
  };

  const submit = async (action: () => Promise<void>) => {
    clear();
    setPendingAndSay(true);
    try {
      await action();
    } catch (error) {
      const shown = onForm(actionFailure(error, fields));
      if (fields.some((field) => shown.fields[field])) refuse(shown.fields);
      else {
        setFailure(shown.message);
        setFailureRaw(shown.raw);
      }
    } finally {
      setPendingAndSay(false);
    }
  };

  return { errors, failure, failureRaw, pending, refuse, clear, submit };
}

/** A dialog form's last row: "cancel", then the action, which cannot be pressed again while it runs. */
export function FormButtons({
  submitLabel,
  pending = false,
  onCancel,
  className = '',
}: {
  submitLabel: string;
  pending?: boolean;
  onCancel: () => void;
  className?: string;
}) {
  const a = useTranslations('Admin.actions');
  return (
    <div className={`flex flex-wrap justify-end gap-3 ${className}`}>
      <button type="button" className={secondaryButton} onClick={onCancel}>
        {a('cancel')}
      </button>
      <button type="submit" className={primaryButton} disabled={pending}>
        {submitLabel}
      </button>
    </div>
  );
}

/**
 * An order action's form: its fields, the failure that blames none of them (said at once), "cancel" and the action.
 * The browser's own checks are off: the form checks and says why in the admin's language.
 */
export function ActionForm<Field extends string>({
  form,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  children,
}: {
  form: ActionFormState<Field>;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: () => Promise<void> | void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <Notice tone="error" urgent>
        {form.failure}
      </Notice>
      {form.failure && <RawDetails value={form.failureRaw} />}
      <FormButtons
        submitLabel={form.pending ? pendingLabel : submitLabel}
        pending={form.pending}
        onCancel={onCancel}
      />
    </form>
  );
}
