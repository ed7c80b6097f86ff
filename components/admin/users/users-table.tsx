'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { StaffUser } from '@/lib/admin-client/admin-api';
import { formatDateTime } from '@/lib/admin-client/format';
import { isKeyOf } from '../admin-i18n';
import { ScrollTable } from '../ui/scroll-table';
import { dangerRowButton, rowButton } from '../ui/styles';

const cell = 'px-3 py-2 align-top';

/** A role's name in words: the two built-in roles have one, a role made later shows as it is called. */
export function useRoleName(): (name: string) => string {
  const t = useTranslations('Admin.roles');
  const { Admin } = useMessages();
  return (name) => (isKeyOf(Admin.roles, name) ? t(name) : name);
}

/** The staff list; with `actions` (USER_WRITE), reset and remove on every row but one's own. */
export function UsersTable({
  users,
  selfUuid,
  actions,
}: {
  users: StaffUser[];
  selfUuid: string | undefined;
  actions?: { onReset: (user: StaffUser) => void; onRemove: (user: StaffUser) => void };
}) {
  const u = useTranslations('Admin.users');
  const locale = useLocale();
  const roleName = useRoleName();
  // A lock that has run out is no longer shown; the screen's opening is "now" enough for a 30-minute lock.
  const [now] = useState(() => Date.now());
  const state = (user: StaffUser) => {
    if (user.lockedUntil && Date.parse(user.lockedUntil) > now)
      return u('locked', { until: formatDateTime(user.lockedUntil, locale) });
    return user.mustChangePassword ? u('mustChange') : u('ready');
  };
  return (
    <ScrollTable caption={u('caption')} minWidth="min-w-[40rem]">
      <thead className="border-b border-slate-300 bg-slate-50">
        <tr>
          {[u('columns.username'), u('columns.role'), u('columns.state'), u('columns.createdAt')].map(
            (label) => (
              <th key={label} scope="col" className={`${cell} font-semibold`}>
                {label}
              </th>
            ),
          )}
          {actions && (
            <th scope="col" className={`${cell} font-semibold`}>
              {u('columns.actions')}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.uuid} className="border-b border-slate-200 last:border-0">
            <th scope="row" className={`${cell} font-semibold`}>
              {user.username}
              {user.uuid === selfUuid && <span className="ml-1 font-normal text-slate-700">{u('you')}</span>}
            </th>
            <td className={cell}>{roleName(user.role.name)}</td>
            <td className={cell}>{state(user)}</td>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(user.createdAt, locale)}</td>
            {actions && (
              <td className={cell}>
                {/* One's own password is changed, not reset: a reset would sign oneself out. */}
                {user.uuid !== selfUuid && (
                  <div className="flex flex-wrap gap-x-3">
                    <button
                      type="button"
                      className={rowButton}
                      aria-label={u('reset.label', { username: user.username })}
                      onClick={() => actions.onReset(user)}
                    >
                      {u('reset.button')}
                    </button>
                    <button
                      type="button"
                      className={dangerRowButton}
                      aria-label={u('remove.label', { username: user.username })}
                      onClick={() => actions.onRemove(user)}
                    >
                      {u('remove.button')}
                    </button>
                  </div>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
