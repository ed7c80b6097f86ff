'use client';

import type { ReactNode } from 'react';

/**
 * A column header that sorts the server's list: a button inside the `th`, whose `aria-sort` says the current order
 * (WAI-ARIA's sortable table pattern). The arrow is decoration; the state is in `aria-sort`.
 */
export function SortHeader({
  label,
  direction,
  onSort,
  className = '',
}: {
  label: ReactNode;
  /** The column's order when the list is sorted by it, else undefined. */
  direction: 'asc' | 'desc' | undefined;
  onSort: () => void;
  className?: string;
}) {
  return (
    <th
      scope="col"
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      className={className}
    >
      <button
        type="button"
        onClick={onSort}
        className="hover:text-brand focus-visible:outline-brand inline-flex min-h-9 items-center gap-1 rounded font-semibold text-slate-900 focus-visible:outline-2"
      >
        {label}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className={`size-4 ${direction ? 'text-brand' : 'text-slate-400'}`}
        >
          {direction === 'asc' ? (
            <path d="M10 5l5 7H5z" />
          ) : direction === 'desc' ? (
            <path d="M10 15l-5-7h10z" />
          ) : (
            <path d="M10 3l4 5H6zm0 14l-4-5h8z" />
          )}
        </svg>
      </button>
    </th>
  );
}
