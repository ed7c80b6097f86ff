import type { ReactNode } from 'react';

/** Label-value pairs as a description list; a missing value shows as a dash, a pair marked `hidden` not at all. */
export function Facts({
  rows,
  className = '',
}: {
  rows: [label: string, value: ReactNode, hidden?: boolean][];
  className?: string;
}) {
  return (
    <dl
      className={`grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] ${className}`}
    >
      {rows
        .filter(([, , hidden]) => !hidden)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="break-words text-slate-900">
              {value === null || value === undefined || value === '' ? '—' : value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
