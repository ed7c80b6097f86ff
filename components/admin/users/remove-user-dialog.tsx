'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { deleteUser, type StaffUser } from '@/lib/admin-client/admin-api';
import { isApiRequestError } from '@/lib/client/api';
import { useFailureText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { ConfirmActions } from '../ui/confirm-actions';

/** "Remove {username}?" The server refuses (409) oneself and the last admin; that is said in words. */
export function RemoveUserDialog({
  user,
  onClose,
  onRemoved,
}: {
  user: StaffUser | null;
  onClose: () => void;
  onRemoved: (user: StaffUser) => void;
}) {
  const r = useTranslations('Admin.users.remove');
  const failureText = useFailureText();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const close = () => {
    setFailure(undefined);
    onClose();
  };
  const remove = async (target: StaffUser) => {
    setPending(true);
    setFailure(undefined);
    try {
      await deleteUser(target.uuid);
      onRemoved(target);
    } catch (error) {
      setFailure(isApiRequestError(error) && error.status === 409 ? r('conflict') : failureText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <AdminDialog
      open={user !== null}
      onClose={close}
      title={user ? r('title', { username: user.username }) : ''}
    >
      <p className="text-slate-800">{r('text')}</p>
      <ConfirmActions
        failure={failure}
        cancelLabel={r('cancel')}
        confirmLabel={r('confirm')}
        onCancel={close}
        onConfirm={() => user && void remove(user)}
        disabled={pending || !user}
        danger
      />
    </AdminDialog>
  );
}
