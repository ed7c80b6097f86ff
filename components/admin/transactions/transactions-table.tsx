'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { Payment, PaymentSort, SortDirection } from '@/lib/admin-client/admin-api';
import { formatDateTime, formatRon } from '@/lib/admin-client/format';
import type { PaymentRow } from '@/lib/admin-client/order-actions-api';
import { AttentionMarker } from './attention';
import { ScrollTable } from '../ui/scroll-table';
import { SortHeader } from '../ui/sort-header';
import { StatusBadge } from '../ui/status-badge';
import { useProductNames } from './use-product-names';

const cell = 'px-3 py-2 align-top';

/**
 * One page of transactions. Date, amount, state and e-mail sort on the server; the order id opens the details.
 * On a narrow screen the table scrolls sideways inside its own focusable region.
 */
export function TransactionsTable({
  items,
  sort,
  dir,
  onSort,
  onOpen,
}: {
  items: PaymentRow[];
  sort: PaymentSort;
  dir: SortDirection;
  onSort: (sort: PaymentSort) => void;
  onOpen: (payment: Payment) => void;
}) {
  const t = useTranslations('Admin');
  const c = useTranslations('Admin.transactions.columns');
  const locale = useLocale();
  const names = useProductNames();
  const header = (column: PaymentSort, label: string, className = '') => (
    <SortHeader
      label={label}
      direction={sort === column ? dir : undefined}
      onSort={() => onSort(column)}
      className={`${cell} ${className}`}
    />
  );
  return (
    <ScrollTable caption={t('transactions.caption')} minWidth="min-w-[56rem]">
      <thead className="border-b border-slate-300 bg-slate-50">
        <tr>
          {header('createdAt', c('createdAt'))}
          <th scope="col" className={`${cell} font-semibold`}>
            {c('id')}
          </th>
          {header('email', c('email'))}
          <th scope="col" className={`${cell} font-semibold`}>
            {c('description')}
          </th>
          {header('amount', c('amount'), 'text-right')}
          {header('status', c('status'))}
          <th scope="col" className={`${cell} font-semibold`}>
            {c('active')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((payment) => (
          <tr key={payment.id} className="border-b border-slate-200 last:border-0 hover:bg-slate-50">
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(payment.createdAt, locale)}</td>
            <td className={cell}>
              <button
                type="button"
                onClick={() => onOpen(payment)}
                aria-label={t('transactions.open', { id: payment.reference ?? payment.id })}
                className="text-brand focus-visible:outline-brand rounded font-mono text-xs font-semibold break-all underline underline-offset-2 focus-visible:outline-2"
              >
                {/* The reference is what a caller reads out; the id stays beside it for the logs and URLs. */}
                {payment.reference ? (
                  <span className="whitespace-nowrap" data-testid="order-reference">
                    {payment.reference}
                  </span>
                ) : (
                  payment.id
                )}
              </button>
              {payment.reference && (
                <div className="font-mono text-xs break-all text-slate-600">{payment.id}</div>
              )}
              <div className="mt-1 flex flex-wrap gap-1 text-xs text-slate-700">
                <span>{t(`kinds.${payment.kind}`)}</span>
                {payment.needsAttention ? (
                  // It says more than "to review", which it includes: one marker, not two.
                  <AttentionMarker />
                ) : (
                  payment.needsReview && (
                    <span className="rounded bg-amber-100 px-1 font-semibold text-amber-900">
                      {t('transactions.needsReview')}
                    </span>
                  )
                )}
              </div>
            </td>
            <td className={cell}>
              <div className="break-all">{payment.email}</div>
              {payment.phone && <div className="text-xs text-slate-700">{payment.phone}</div>}
            </td>
            <td className={cell}>
              <div>{names.list(payment.products)}</div>
              {payment.plates.length > 0 && (
                <div className="font-mono text-xs text-slate-700">{payment.plates.join(', ')}</div>
              )}
            </td>
            <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
              {formatRon(payment.amountRon, locale)}
            </td>
            <td className={cell}>
              <StatusBadge status={payment.status} />
            </td>
            <td className={cell}>
              {payment.active ? (
                <span title={payment.activeAt ? formatDateTime(payment.activeAt, locale) : undefined}>
                  {t('transactions.activeYes')}
                  {payment.activeBy && (
                    <span className="block text-xs text-slate-700">{payment.activeBy}</span>
                  )}
                </span>
              ) : (
                <span className="text-slate-700">{t('transactions.activeNo')}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
