'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import useSWR from 'swr';
import { auditUrl, type AuditFilters as Filters, type AuditPage } from '@/lib/admin-client/admin-api';
import { DEFAULT_PAGE_SIZE } from '@/lib/admin-client/payment-query';
import { useFailureText } from '../admin-i18n';
import { Notice } from '../ui/notice';
import { Pagination } from '../ui/pagination';
import { card, screenTitle } from '../ui/styles';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

const NO_FILTERS: Filters = { user: '', action: '', from: '', to: '' };

/**
 * The audit log (AUDIT_READ): every change staff made, newest first, filtered by who, what and which days, paged by
 * the server. It only reads: the log is never changed.
 */
export function AuditScreen() {
  const t = useTranslations('Admin');
  const validation = useTranslations('Validation');
  const failureText = useFailureText();
  const [query, setQuery] = useState({ ...NO_FILTERS, page: 0, size: DEFAULT_PAGE_SIZE });
  const inverted = Boolean(query.from && query.to && query.to < query.from);
  const { data, error } = useSWR<AuditPage>(inverted ? null : auditUrl(query));
  // The action names stay in the filter while no list is asked for (a range that ends before it starts).
  const [actions, setActions] = useState<string[]>([]);
  if (data && data.actions.join() !== actions.join()) setActions(data.actions);

  // Any filter goes back to the first page: the old page number means nothing in another list.
  const onFilter = useCallback(
    (filters: Partial<Filters>) => setQuery((current) => ({ ...current, ...filters, page: 0 })),
    [],
  );
  const onReset = useCallback(() => setQuery((current) => ({ ...current, ...NO_FILTERS, page: 0 })), []);

  return (
    <div className="space-y-6">
      <h1 className={screenTitle}>{t('audit.title')}</h1>
      <p className="max-w-3xl text-slate-800">{t('audit.intro')}</p>
      <section aria-label={t('audit.filters.label')} className={card}>
        <AuditFilters
          filters={query}
          actions={actions}
          rangeError={inverted ? validation('dateRangeInverted') : undefined}
          onChange={onFilter}
          onReset={onReset}
        />
      </section>
      <div className="space-y-3">
        <Notice tone="error" urgent>
          {error ? failureText(error) : undefined}
        </Notice>
        {data && data.items.length > 0 && <AuditTable entries={data.items} />}
        {data && data.items.length === 0 && <p className={`${card} text-slate-700`}>{t('audit.empty')}</p>}
        {!data && !error && !inverted && (
          <p role="status" className="text-sm text-slate-700">
            {t('shell.loading')}
          </p>
        )}
        {data && (
          <Pagination
            page={query.page}
            size={query.size}
            total={data.total}
            onPageChange={(page) => setQuery((current) => ({ ...current, page }))}
            onSizeChange={(size) => setQuery((current) => ({ ...current, size, page: 0 }))}
          />
        )}
      </div>
    </div>
  );
}
