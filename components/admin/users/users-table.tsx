'use client';

import { useState } from 'react';
import type { StaffUser } from '@/lib/admin-client/admin-api';
import { fill, formatDateTime } from '@/lib/admin-client/format';
import { useAdminText } from '../admin-i18n';
import { ScrollTable } from '../ui/scroll-table';
import { dangerRowButton, rowButton } from '../ui/styles';

const cell = 'px-3 py-2 align-top';

export const roleName = (name: string, roles: Record<string, string>) => roles[name] ?? name;

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
  const { t, locale } = useAdminText();
  // A lock that has run out is no longer shown; the screen's opening is "now" enough for a 30-minute lock.
  const [now] = useState(() => Date.now());
  const u = t.users;
  const state = (user: StaffUser) => {
    if (user.lockedUntil && Date.parse(user.lockedUntil) > now)
      return fill(u.locked, { until: formatDateTime(user.lockedUntil, locale) });
    return user.mustChangePassword ? u.mustChange : u.ready;
  };
  return (
    <ScrollTable caption={u.caption} minWidth="min-w-[40rem]">
      <thead className="border-b border-slate-300 bg-slate-50">
        <tr>
          {[u.columns.username, u.columns.role, u.columns.state, u.columns.createdAt].map((label) => (
            <th key={label} scope="col" className={`${cell} font-semibold`}>
              {label}
            </th>
          ))}
          {actions && (
            <th scope="col" className={`${cell} font-semibold`}>
              {u.columns.actions}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.uuid} className="border-b border-slate-200 last:border-0">
            <th scope="row" className={`${cell} font-semibold`}>
              {user.username}
              {user.uuid === selfUuid && <span className="ml-1 font-normal text-slate-700">{u.you}</span>}
            </th>
            <td className={cell}>{roleName(user.role.name, t.roles)}</td>
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
                      aria-label={fill(u.reset.label, { username: user.username })}
                      onClick={() => actions.onReset(user)}
                    >
                      {u.reset.button}
                    </button>
                    <button
                      type="button"
                      className={dangerRowButton}
                      aria-label={fill(u.remove.label, { username: user.username })}
                      onClick={() => actions.onRemove(user)}
                    >
                      {u.remove.button}
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
