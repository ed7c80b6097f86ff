'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useActionPermissions } from '@/lib/admin-client/action-permissions';
import { formatRon } from '@/lib/admin-client/format';
import { postRefund, type OrderDetails, type RefundAnswer } from '@/lib/admin-client/order-actions-api';
import { AdminDialog } from '../ui/admin-dialog';
import { ConfirmActions } from '../ui/confirm-actions';
import { Notice } from '../ui/notice';
import { dangerButton } from '../ui/styles';
import { useActionForm } from './action-form';
import { AdminOnly } from './admin-only';
import type { ActionOutcome } from './order-actions';

/**
 * An order paid twice (an earlier attempt paid after all): what the second payment was, what was given back of it,
 * and, for an administrator, the refund of what is left of it, after a confirmation that says no credit note goes
 * with it (the money was never invoiced; lib/payments/refunds.ts). Anyone else is told that it is an administrator's
 * to do. Nothing shows for an order paid once.
 */
export function PaidTwice({
  order,
  revalidate,
}: {
  order: Pick<OrderDetails, 'id' | 'email' | 'duplicatePayments'>;
  revalidate: () => Promise<void>;
}) {
  const p = useTranslations('Admin.actions.duplicate');
  const r = useTranslations('Admin.actions.refund');
  const a = useTranslations('Admin.actions');
  const locale = useLocale();
  const mayRefund = useActionPermissions().refund;
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome>();
  const button = useRef<HTMLButtonElement>(null);
  const form = useActionForm();
  const duplicates = order.duplicatePayments ?? [];
  if (duplicates.length === 0) return null;

  // The server gives back the first duplicate with money left, the whole of what is left of it.
  const next = duplicates.find((duplicate) => duplicate.refundableRon > 0);
  const amount = next ? formatRon(next.refundableRon, locale) : '';
  const everythingBack = duplicates.every((duplicate) => duplicate.refundedRon >= duplicate.amountRon);

  const close = () => {
    form.clear();
    setConfirming(false);
    setTimeout(() => button.current?.focus(), 0);
  };
  const said = ({ refund }: RefundAnswer): ActionOutcome => {
    const refunded = formatRon(refund.amountRon, locale);
    if (refund.status === 'CONFIRMED') return { text: r('confirmed', { amount: refunded }), tone: 'success' };
    if (refund.status === 'REFUSED')
      return {
        text: r('refused', { amount: refunded, answer: refund.providerAnswer ?? '—' }),
        tone: 'error',
      };
    return { text: r('pending', { amount: refunded }), tone: 'success' };
  };
  const refund = () =>
    form.submit(async () => {
      const answer = await postRefund({ id: order.id, reason: p('reason'), payment: 'DUPLICATE' });
      await revalidate();
      setConfirming(false);
      setOutcome(said(answer));
    });

  return (
    <section aria-labelledby="order-paid-twice-title" className="space-y-2 rounded-md bg-amber-50 p-3">
      <h3 id="order-paid-twice-title" className="text-base font-semibold text-slate-900">
        {p('title')}
      </h3>
      {duplicates.map((duplicate) => (
        <div key={duplicate.paymentId} className="space-y-1 text-sm text-slate-900">
          <p className="break-words">
            {p('text', { amount: formatRon(duplicate.amountRon, locale), payment: duplicate.paymentId })}
          </p>
          {duplicate.refundedRon > 0 && duplicate.refundedRon < duplicate.amountRon && (
            <p>{p('refunded', { amount: formatRon(duplicate.refundedRon, locale) })}</p>
          )}
        </div>
      ))}
      {everythingBack ? (
        <p className="text-sm text-slate-900">{p('settled')}</p>
      ) : !next ? (
        <p className="text-sm text-slate-700">{p('pending')}</p>
      ) : mayRefund ? (
        <button
          ref={button}
          type="button"
          className={dangerButton}
          onClick={() => {
            setOutcome(undefined);
            setConfirming(true);
          }}
        >
          {p('button')}
        </button>
      ) : (
        <AdminOnly action={p('button')} />
      )}
      <Notice tone={outcome?.tone === 'error' ? 'error' : 'success'}>{outcome?.text}</Notice>
      <AdminDialog
        open={confirming}
        onClose={() => !form.pending && close()}
        title={p('dialogTitle', { id: order.id })}
      >
        <p className="text-base font-semibold text-slate-900">
          {p('question', { amount, email: order.email })}
        </p>
        <p className="mt-3 text-sm text-slate-800">{p('explain')}</p>
        <p className="mt-3 text-sm text-slate-800">{r('warning')}</p>
        <ConfirmActions
          failure={form.failure}
          cancelLabel={a('back')}
          confirmLabel={form.pending ? r('sending') : p('confirm', { amount })}
          onCancel={close}
          onConfirm={() => void refund()}
          disabled={form.pending}
          danger
        />
      </AdminDialog>
    </section>
  );
}
