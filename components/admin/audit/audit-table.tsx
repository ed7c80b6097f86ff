'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { AuditEntry } from '@/lib/admin-client/admin-api';
import { formatDateTime } from '@/lib/admin-client/format';
import { RawDetails } from '../ui/raw-details';
import { ScrollTable } from '../ui/scroll-table';
import { useActionName } from './action-names';
import { useAuditSentence } from './audit-sentence';

const cell = 'px-3 py-2 align-top';

/** What the entry records, in a sentence; its JSON, as stored (secrets left out by the server), folded below. */
function Details({ entry }: { entry: AuditEntry }) {
  const sentence = useAuditSentence();
  return (
    <>
      <p>{sentence(entry)}</p>
      <RawDetails value={JSON.stringify({ action: entry.action, details: entry.details }, null, 2)} />
    </>
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
            <td className={cell}>{actionName(entry.action)}</td>
            <td className={`${cell} font-mono text-xs break-all`}>{entry.target}</td>
            <td className={cell}>
              <Details entry={entry} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
