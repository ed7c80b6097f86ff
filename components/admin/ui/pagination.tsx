'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { secondaryButton } from './styles';

export const PAGE_SIZES = [20, 50, 100] as const;

/** Previous / next over a server's pages (0-based), the rows shown of how many, and the page size. */
export function Pagination({
  page,
  size,
  total,
  onPageChange,
  onSizeChange,
}: {
  page: number;
  size: number;
  total: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
}) {
  const t = useTranslations('Admin.paging');
  const locale = useLocale();
  const id = useId();
  const pages = Math.max(Math.ceil(total / size), 1);
  const number = (value: number) => value.toLocaleString(locale);
  const first = total === 0 ? 0 : page * size + 1;
  const last = Math.min((page + 1) * size, total);
  return (
    <nav
      aria-label={t('label')}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-800"
    >
      <p>{t('range', { first: number(first), last: number(last), total: number(total) })}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-size`}>{t('size')}</label>
        <select
          id={`${id}-size`}
          value={size}
          onChange={(event) => onSizeChange(Number(event.target.value))}
          className="focus-visible:outline-brand min-h-11 rounded-md border border-slate-400 bg-white px-2 focus-visible:outline-2"
        >
          {PAGE_SIZES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={secondaryButton}
          disabled={page <= 0}
          onClick={() => onPageChange(page - 1)}
        >
          {t('previous')}
        </button>
        <span aria-live="polite">{t('page', { page: number(page + 1), pages: number(pages) })}</span>
        <button
          type="button"
          className={secondaryButton}
          disabled={page + 1 >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          {t('next')}
        </button>
      </div>
    </nav>
  );
}
