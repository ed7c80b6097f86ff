'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { postResetPassword, type StaffUser } from '@/lib/admin-client/admin-api';
import { useFailureText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { ConfirmActions } from '../ui/confirm-actions';
import { Notice } from '../ui/notice';
import { fieldInput, fieldLabel, primaryButton, secondaryButton } from '../ui/styles';

/**
 * Resets a user's password in two steps: a confirmation, then the temporary password, shown this once with a copy
 * button; its owner must change it at the next sign-in. Closing the dialog forgets it.
 */
export function ResetPasswordDialog({
  user,
  onClose,
  onReset,
}: {
  user: StaffUser | null;
  onClose: () => void;
  onReset: () => void;
}) {
  const r = useTranslations('Admin.users.reset');
  const failureText = useFailureText();
  const id = useId();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [temporary, setTemporary] = useState<string>();
  const [copied, setCopied] = useState<string>();

  const close = () => {
    setTemporary(undefined);
    setFailure(undefined);
    setCopied(undefined);
    onClose();
  };
  const reset = async (target: StaffUser) => {
    setPending(true);
    setFailure(undefined);
    try {
      const { temporaryPassword } = await postResetPassword(target.uuid);
      setTemporary(temporaryPassword);
      onReset();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setPending(false);
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(r('copied'));
    } catch {
      setCopied(r('copyFailed'));
    }
  };

  const username = user?.username ?? '';
  return (
    <AdminDialog
      open={user !== null}
      onClose={close}
      title={r(temporary ? 'resultTitle' : 'title', { username })}
    >
      {temporary ? (
        <div className="space-y-4">
          <p className="text-slate-800">{r('resultText', { username })}</p>
          <div>
            <label htmlFor={`${id}-password`} className={fieldLabel}>
              {r('passwordLabel')}
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id={`${id}-password`}
                readOnly
                value={temporary}
                onFocus={(event) => event.target.select()}
                className={`${fieldInput} mt-0 font-mono`}
                spellCheck={false}
              />
              <button type="button" className={secondaryButton} onClick={() => void copy(temporary)}>
                {r('copy')}
              </button>
            </div>
          </div>
          <Notice tone="success">{copied}</Notice>
          <div className="flex justify-end">
            <button type="button" className={primaryButton} onClick={close}>
              {r('close')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="text-slate-800">{r('text')}</p>
          <ConfirmActions
            failure={failure}
            cancelLabel={r('cancel')}
            confirmLabel={r('confirm')}
            onCancel={close}
            onConfirm={() => user && void reset(user)}
            disabled={pending || !user}
          />
        </>
      )}
    </AdminDialog>
  );
}
