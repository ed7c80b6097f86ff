'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { EMAIL_INPUT } from '@/components/form/text-field';
import { patchEmail, postResend, type OrderDetails } from '@/lib/admin-client/order-actions-api';
import { useIssueText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { Notice } from '../ui/notice';
import { TextField } from '../ui/text-field';
import { primaryButton, secondaryButton } from '../ui/styles';
import { useActionFailure } from './action-failure';

const isEmail = (text: string) => z.email().safeParse(text).success;

/**
 * The buyer's e-mail, changed: the address the order page, the confirmation and any refund notice use from now on.
 * The old one stays in the order's history.
 */
export function EmailDialog({
  order,
  open,
  onClose,
  onDone,
}: {
  order: OrderDetails;
  open: boolean;
  onClose: () => void;
  onDone: (email: string) => Promise<void>;
}) {
  const e = useTranslations('Admin.actions.email');
  return (
    <AdminDialog open={open} onClose={onClose} title={e('title')}>
      <EmailForm order={order} onCancel={onClose} onDone={onDone} />
    </AdminDialog>
  );
}

function EmailForm({
  order,
  onCancel,
  onDone,
}: {
  order: OrderDetails;
  onCancel: () => void;
  onDone: (email: string) => Promise<void>;
}) {
  const e = useTranslations('Admin.actions.email');
  const a = useTranslations('Admin.actions');
  const issueText = useIssueText();
  const actionFailure = useActionFailure();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(order.email);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  const refuse = (text: string) => {
    setError(text);
    field.current?.focus();
  };

  const save = async () => {
    const next = email.trim();
    setFailure(undefined);
    if (!next) return refuse(issueText('required'));
    if (!isEmail(next)) return refuse(issueText('emailInvalid'));
    if (next.toLowerCase() === order.email.toLowerCase()) return refuse(e('same'));
    setError(undefined);
    setSaving(true);
    try {
      const answer = await patchEmail(order.id, next);
      await onDone(answer.email);
    } catch (failed) {
      const { fields, message } = actionFailure(failed, ['email']);
      if (fields.email) refuse(fields.email);
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
      <p className="text-sm break-words text-slate-800">{e('current', { email: order.email })}</p>
      <TextField
        ref={field}
        id={`${id}-email`}
        label={e('label')}
        {...EMAIL_INPUT}
        value={email}
        error={error}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Notice tone="error" urgent>
        {failure}
      </Notice>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {a('cancel')}
        </button>
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? e('saving') : e('save')}
        </button>
      </div>
    </form>
  );
}

/** The confirmation of a fulfilled order, sent again: to the buyer, or to another address the buyer gives. */
export function ResendDialog({
  order,
  open,
  onClose,
  onDone,
}: {
  order: OrderDetails;
  open: boolean;
  onClose: () => void;
  onDone: (to: string) => Promise<void>;
}) {
  const s = useTranslations('Admin.actions.resend');
  return (
    <AdminDialog open={open} onClose={onClose} title={s('title')}>
      <ResendForm order={order} onCancel={onClose} onDone={onDone} />
    </AdminDialog>
  );
}

function ResendForm({
  order,
  onCancel,
  onDone,
}: {
  order: OrderDetails;
  onCancel: () => void;
  onDone: (to: string) => Promise<void>;
}) {
  const s = useTranslations('Admin.actions.resend');
  const a = useTranslations('Admin.actions');
  const issueText = useIssueText();
  const actionFailure = useActionFailure();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [to, setTo] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);

  const refuse = (text: string) => {
    setError(text);
    field.current?.focus();
  };

  const send = async () => {
    const other = to.trim();
    setFailure(undefined);
    if (other && !isEmail(other)) return refuse(issueText('emailInvalid'));
    setError(undefined);
    setSending(true);
    try {
      const answer = await postResend(order.id, other || undefined);
      await onDone(answer.to);
    } catch (failed) {
      const { fields, message } = actionFailure(failed, ['to']);
      if (fields.to) refuse(fields.to);
      else setFailure(message);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <p className="text-sm break-words text-slate-800">{s('text', { email: order.email })}</p>
      <TextField
        ref={field}
        id={`${id}-to`}
        label={s('to')}
        hint={s('toHint')}
        {...EMAIL_INPUT}
        autoComplete="off"
        value={to}
        error={error}
        onChange={(event) => setTo(event.target.value)}
      />
      <Notice tone="error" urgent>
        {failure}
      </Notice>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {a('cancel')}
        </button>
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? s('sending') : s('send')}
        </button>
      </div>
    </form>
  );
}
