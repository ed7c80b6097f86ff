'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { postCancel, type OrderDetails } from '@/lib/admin-client/order-actions-api';
import { AdminDialog } from '../ui/admin-dialog';
import { ConfirmActions } from '../ui/confirm-actions';
import { useActionFailure } from './action-failure';

/**
 * "Cancel order …?" for an order still waiting for its payment. The server refuses (409) once the order has moved on,
 * a payment having arrived meanwhile, and says so.
 */
export function CancelOrderDialog({
  order,
  open,
  onClose,
  onDone,
}: {
  order: OrderDetails;
  open: boolean;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const c = useTranslations('Admin.actions.cancelOrder');
  const actionFailure = useActionFailure();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const close = () => {
    setFailure(undefined);
    onClose();
  };
  const cancel = async () => {
    setPending(true);
    setFailure(undefined);
    try {
      await postCancel(order.id);
      await onDone();
    } catch (error) {
      setFailure(actionFailure(error, []).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <AdminDialog open={open} onClose={close} title={c('title', { id: order.id })}>
      <p className="text-slate-800">{c('text')}</p>
      <ConfirmActions
        failure={failure}
        cancelLabel={c('keep')}
        confirmLabel={c('confirm')}
        onCancel={close}
        onConfirm={() => void cancel()}
        disabled={pending}
        danger
      />
    </AdminDialog>
  );
}
