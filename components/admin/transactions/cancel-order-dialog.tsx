'use client';

import { useTranslations } from 'next-intl';
import { postCancel } from '@/lib/admin-client/order-actions-api';
import { AdminDialog } from '../ui/admin-dialog';
import { ConfirmActions } from '../ui/confirm-actions';
import { useActionForm, type OrderActionDialogProps } from './action-form';

/**
 * "Cancel order …?" for an order still waiting for its payment. The server refuses (409) once the order has moved on,
 * a payment having arrived meanwhile, and says so.
 */
export function CancelOrderDialog({ order, open, onClose, onDone }: OrderActionDialogProps) {
  const c = useTranslations('Admin.actions.cancelOrder');
  const form = useActionForm();

  const close = () => {
    form.clear();
    onClose();
  };
  const cancel = () =>
    form.submit(async () => {
      await postCancel(order.id);
      await onDone();
    });

  return (
    <AdminDialog open={open} onClose={close} title={c('title', { id: order.id })}>
      <p className="text-slate-800">{c('text')}</p>
      <ConfirmActions
        failure={form.failure}
        failureRaw={form.failureRaw}
        cancelLabel={c('keep')}
        confirmLabel={c('confirm')}
        onCancel={close}
        onConfirm={() => void cancel()}
        disabled={form.pending}
        danger
      />
    </AdminDialog>
  );
}
