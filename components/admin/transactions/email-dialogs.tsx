'use client';

import { useMessages, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { EmailSuggestion } from '@/components/form/email-suggestion';
import { EMAIL_INPUT } from '@/components/form/text-field';
import { patchEmail, postResend } from '@/lib/admin-client/order-actions-api';
import { useIssueText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { TextField } from '../ui/text-field';
import { ActionForm, useActionForm, type OrderActionDialogProps } from './action-form';

const isEmail = (text: string) => z.email().safeParse(text).success;

/**
 * The buyer's e-mail, changed: the address the order page, the confirmation and any refund notice use from now on.
 * The old one stays in the order's history.
 */
export function EmailDialog({ order, open, onClose, onDone }: OrderActionDialogProps<string>) {
  const e = useTranslations('Admin.actions.email');
  const issueText = useIssueText();
  return (
    <EmailFieldDialog
      open={open}
      onClose={onClose}
      title={e('title')}
      intro={e('current', { email: order.email })}
      name="email"
      label={e('label')}
      initial={order.email}
      check={(next) => {
        if (!next) return issueText('required');
        if (!isEmail(next)) return issueText('emailInvalid');
        if (next.toLowerCase() === order.email.toLowerCase()) return e('same');
        return undefined;
      }}
      send={async (next) => onDone((await patchEmail(order.id, next)).email)}
      submitLabel={e('save')}
      pendingLabel={e('saving')}
    />
  );
}

/**
 * The confirmation of a fulfilled order, sent again: to the buyer, or to another address the buyer gives. An order
 * whose e-mails were given up after every retry has those tried again instead (and the confirmation sent to `to`).
 */
export function ResendDialog({ order, open, onClose, onDone }: OrderActionDialogProps<string>) {
  const s = useTranslations('Admin.actions.resend');
  const issueText = useIssueText();
  return (
    <EmailFieldDialog
      open={open}
      onClose={onClose}
      title={s('title')}
      intro={
        order.attentionReasons.includes('MAIL_UNDELIVERED')
          ? s('undelivered')
          : s('text', { email: order.email })
      }
      name="to"
      label={s('to')}
      hint={s('toHint')}
      autoComplete="off"
      check={(other) => (other && !isEmail(other) ? issueText('emailInvalid') : undefined)}
      send={async (other) => onDone((await postResend(order.id, other || undefined)).to)}
      submitLabel={s('send')}
      pendingLabel={s('sending')}
    />
  );
}

interface EmailFieldFormProps {
  onClose: () => void;
  /** What the form says first, above the field. */
  intro: string;
  /** The field's name in the request, by which the server names it when it refuses it. */
  name: string;
  label: string;
  hint?: string;
  initial?: string;
  autoComplete?: string;
  /** Why the trimmed address cannot be sent, if it cannot. */
  check: (address: string) => string | undefined;
  send: (address: string) => Promise<void>;
  submitLabel: string;
  pendingLabel: string;
}

/**
 * Both e-mail actions: one address, checked here, sent, and a refusal of it said next to it. Under the field, the
 * buyer's form's typo suggestion ("did you mean ana@gmail.com?"): staff type what a caller spells out, and a
 * mistyped domain would send the buyer's documents nowhere.
 */
function EmailFieldDialog({ open, title, ...form }: EmailFieldFormProps & { open: boolean; title: string }) {
  return (
    <AdminDialog open={open} onClose={form.onClose} title={title}>
      <EmailFieldForm {...form} />
    </AdminDialog>
  );
}

function EmailFieldForm({
  onClose,
  intro,
  name,
  label,
  hint,
  initial = '',
  autoComplete = EMAIL_INPUT.autoComplete,
  check,
  send,
  submitLabel,
  pendingLabel,
}: EmailFieldFormProps) {
  const id = useId();
  const { EmailSuggestion: suggestionLabels } = useMessages();
  const field = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState(initial);
  const form = useActionForm({ fields: [name], focus: () => field.current?.focus() });

  const submit = () => {
    const trimmed = address.trim();
    const problem = check(trimmed);
    if (problem) return form.refuse({ [name]: problem });
    return form.submit(() => send(trimmed));
  };

  return (
    <ActionForm
      form={form}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      onSubmit={submit}
      onCancel={onClose}
    >
      <p className="text-sm break-words text-slate-800">{intro}</p>
      <TextField
        ref={field}
        id={`${id}-${name}`}
        label={label}
        hint={hint}
        {...EMAIL_INPUT}
        autoComplete={autoComplete}
        value={address}
        error={form.errors[name]}
        onChange={(event) => setAddress(event.target.value)}
      />
      <EmailSuggestion
        inputId={`${id}-${name}`}
        value={address}
        labels={suggestionLabels}
        onAccept={setAddress}
      />
    </ActionForm>
  );
}
