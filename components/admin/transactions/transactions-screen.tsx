'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import useSWR from 'swr';
import {
  dailySalesUrl,
  paymentsUrl,
  reminderFiguresUrl,
  type DailySales,
  type Payment,
  type PaymentFilters,
  type ReminderFigures,
} from '@/lib/admin-client/admin-api';
import type { PaymentPage } from '@/lib/admin-client/order-actions-api';
import { daysInRange } from '@/lib/admin-client/format';
import { defaultFilters, usePaymentQuery } from '@/lib/admin-client/payment-query';
import { useFailureText } from '../admin-i18n';
import { Notice } from '../ui/notice';
import { Pagination } from '../ui/pagination';
import { card, screenTitle } from '../ui/styles';
import { ReminderFiguresLine } from './reminder-figures';
import { SalesChart } from './sales-chart';
import { TransactionDetailsDialog } from './transaction-details-dialog';
import { TransactionFilters } from './transaction-filters';
import { TransactionsTable } from './transactions-table';

/** The server's limit for one range (lib/validations: dateRangeTooLong). */
const MAX_RANGE_DAYS = 366;

/** The range's problem, as a `Validation` key, or undefined when the server may be asked. */
export function rangeProblem({
  from,
  to,
}: Pick<PaymentFilters, 'from' | 'to'>): 'dateRangeInverted' | 'dateRangeTooLong' | undefined {
  if (from && to && to < from) return 'dateRangeInverted';
  if (from && to && daysInRange(from, to) > MAX_RANGE_DAYS) return 'dateRangeTooLong';
  return undefined;
}

/**
 * Transactions (docs/architecture.md, The back-office): filters (with the orders that need a hand), the sales per day
 * of the filtered range as a chart, one page of the list sorted and paged by the server, and the details of one order
 * in a dialog, where staff settle it.
 */
export function TransactionsScreen() {
  const t = useTranslations('Admin');
  const validation = useTranslations('Validation');
  const failureText = useFailureText();
  const [query, dispatch] = usePaymentQuery();
  const [open, setOpen] = useState<Payment | null>(null);
  const problem = rangeProblem(query);
  const list = useSWR<PaymentPage>(problem ? null : paymentsUrl(query));
  const chartRange = !problem && query.from && query.to;
  const daily = useSWR<DailySales[]>(chartRange ? dailySalesUrl(query) : null);
  const reminders = useSWR<ReminderFigures>(chartRange ? reminderFiguresUrl(query) : null);

  const onFilter = useCallback(
    (filters: Partial<PaymentFilters>) => dispatch({ type: 'filter', filters }),
    [dispatch],
  );
  const onReset = useCallback(() => dispatch({ type: 'filter', filters: defaultFilters() }), [dispatch]);
  const page = list.data;

  return (
    <div className="space-y-6">
      <h1 className={screenTitle}>{t('transactions.title')}</h1>
      <section aria-label={t('transactions.filters.label')} className={card}>
        <TransactionFilters
          filters={query}
          rangeError={problem && validation(problem)}
          attentionCount={list.data?.attention}
          onChange={onFilter}
          onReset={onReset}
        />
      </section>

      <section className={card}>
        {!chartRange ? (
          <p className="text-sm text-slate-700">{t('chart.chooseRange')}</p>
        ) : daily.error ? (
          <Notice tone="error">{failureText(daily.error)}</Notice>
        ) : daily.data ? (
          <SalesChart days={daily.data} />
        ) : (
          <p role="status" className="text-sm text-slate-700">
            {t('shell.loading')}
          </p>
        )}
        {chartRange && reminders.data && <ReminderFiguresLine figures={reminders.data} />}
      </section>

      <div className="space-y-3">
        <Notice tone="error" urgent>
          {list.error ? failureText(list.error) : undefined}
        </Notice>
        {page && page.items.length > 0 && (
          <TransactionsTable
            items={page.items}
            sort={query.sort}
            dir={query.dir}
            onSort={(sort) => dispatch({ type: 'sort', sort })}
            onOpen={setOpen}
          />
        )}
        {page && page.items.length === 0 && (
          <p className={`${card} text-slate-700`}>{t('transactions.empty')}</p>
        )}
        {!page && !list.error && (
          <p role="status" className="text-sm text-slate-700">
            {t('shell.loading')}
          </p>
        )}
        {page && (
          <Pagination
            page={query.page}
            size={query.size}
            total={page.total}
            onPageChange={(next) => dispatch({ type: 'page', page: next })}
            onSizeChange={(size) => dispatch({ type: 'size', size })}
          />
        )}
      </div>
      <TransactionDetailsDialog payment={open} onClose={() => setOpen(null)} />
    </div>
  );
}
