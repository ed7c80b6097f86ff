'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { ROLES_URL, USERS_URL, type Role, type StaffUser } from '@/lib/admin-client/admin-api';
import { usePermission, useSession } from '@/lib/admin-client/session';
import { useFailureText } from '../admin-i18n';
import { Notice } from '../ui/notice';
import { screenTitle } from '../ui/styles';
import { CreateUserForm } from './create-user-form';
import { RemoveUserDialog } from './remove-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UsersTable } from './users-table';

/**
 * Staff users (USER_READ to see them, USER_WRITE to change them): the list, a new user, removing one (never
 * oneself) and resetting a password. One's own password is changed on its own screen.
 */
export function UsersScreen() {
  const t = useTranslations('Admin');
  const u = useTranslations('Admin.users');
  const failureText = useFailureText();
  const session = useSession();
  const mayWrite = usePermission('USER_WRITE');
  const users = useSWR<StaffUser[]>(USERS_URL);
  const roles = useSWR<Role[]>(mayWrite ? ROLES_URL : null);
  const [removing, setRemoving] = useState<StaffUser | null>(null);
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const [removed, setRemoved] = useState<string>();
  const selfUuid = session.status === 'signedIn' ? session.principal?.uuid : undefined;

  return (
    <div className="space-y-6">
      <h1 className={screenTitle}>{u('title')}</h1>
      {mayWrite && <CreateUserForm roles={roles.data ?? []} onCreated={() => void users.mutate()} />}
      <Notice tone="error" urgent>
        {users.error ? failureText(users.error) : roles.error ? failureText(roles.error) : undefined}
      </Notice>
      <Notice tone="success">{removed}</Notice>
      {users.data ? (
        <UsersTable
          users={users.data}
          selfUuid={selfUuid}
          actions={mayWrite ? { onReset: setResetting, onRemove: setRemoving } : undefined}
        />
      ) : (
        !users.error && (
          <p role="status" className="text-sm text-slate-700">
            {t('shell.loading')}
          </p>
        )
      )}
      <RemoveUserDialog
        user={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(user) => {
          setRemoving(null);
          setRemoved(u('remove.done', { username: user.username }));
          void users.mutate();
        }}
      />
      <ResetPasswordDialog
        user={resetting}
        onClose={() => setResetting(null)}
        onReset={() => void users.mutate()}
      />
    </div>
  );
}
