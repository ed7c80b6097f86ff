'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import type { AuditEntry } from '@/lib/admin-client/admin-api';
import { formatDateTime } from '@/lib/admin-client/format';
import { isKeyOf } from '../admin-i18n';
import { ScrollTable } from '../ui/scroll-table';
import { useActionName } from './action-names';

const cell = 'px-3 py-2 align-top';

/** A detail's value as text: yes/no, a role or a state by its name, a nested value as JSON. */
function useDetailValue(): (key: string, value: unknown) => string {
  const t = useTranslations('Admin');
  const { Admin } = useMessages();
  return (key, value) => {
    if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
    if (typeof value === 'string') {
      if (key === 'role' && isKeyOf(Admin.roles, value)) return t(`roles.${value}`);
      if (key === 'status' && isKeyOf(Admin.statuses, value)) return t(`statuses.${value}`);
      return value;
    }
    return value === null || value === undefined ? '' : JSON.stringify(value);
  };
}

/** An entry's details as `key: value` lines, the keys the screen knows in words. */
function Details({ details }: { details: AuditEntry['details'] }) {
  const a = useTranslations('Admin.audit');
  const { Admin } = useMessages();
  const valueText = useDetailValue();
  const entries = Object.entries(details ?? {});
  if (entries.length === 0) return null;
  return (
    <dl className="space-y-0.5">
      {entries.map(([key, value]) => (
        <div key={key} className="flex flex-wrap gap-x-1">
          <dt className="text-slate-700">
            {isKeyOf(Admin.audit.detailKeys, key) ? a(`detailKeys.${key}`) : key}:
          </dt>
          <dd className="break-all">{valueText(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One page of the audit log: when, who, what in words, which record, and the details. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const a = useTranslations('Admin.audit');
  const locale = useLocale();
  const actionName = useActionName();
  const columns = [
    a('columns.at'),
    a('columns.actor'),
    a('columns.action'),
    a('columns.target'),
    a('columns.details'),
  ];
  return (
    <ScrollTable caption={a('caption')} minWidth="min-w-[52rem]">
      <thead className="border-b border-slate-300 bg-slate-50">
        <tr>
          {columns.map((label) => (
            <th key={label} scope="col" className={`${cell} font-semibold`}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} className="border-b border-slate-200 last:border-0">
            <td className={`${cell} whitespace-nowrap`}>
              <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
            </td>
            <td className={`${cell} break-all`}>{entry.actorName}</td>
            <td className={cell}>
              <span title={entry.action}>{actionName(entry.action)}</span>
            </td>
            <td className={`${cell} font-mono text-xs break-all`}>{entry.target}</td>
            <td className={cell}>
              <Details details={entry.details} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
