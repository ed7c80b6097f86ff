'use client';

import { useMessages, useTranslations } from 'next-intl';
import type { OrderStatus } from '@/lib/admin-client/admin-api';
import { isKeyOf } from '../admin-i18n';

const tones: Record<string, string> = {
  PENDING_PAYMENT: 'bg-amber-100 text-amber-900',
  PAID: 'bg-blue-100 text-blue-900',
  FULFILLED: 'bg-green-100 text-green-900',
  FULFILLMENT_FAILED: 'bg-red-100 text-red-900',
  FAILED: 'bg-red-100 text-red-900',
  CANCELED: 'bg-slate-200 text-slate-800',
  EXPIRED: 'bg-slate-200 text-slate-800',
  REFUND_PENDING: 'bg-amber-100 text-amber-900',
  REFUNDED: 'bg-purple-100 text-purple-900',
};

/** An order's state in words, coloured by how it ended; the words carry the meaning, the colour only helps. */
export function StatusBadge({ status }: { status: OrderStatus | string }) {
  const t = useTranslations('Admin.statuses');
  const { Admin } = useMessages();
  const label = isKeyOf(Admin.statuses, status) ? t(status) : status;
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[status] ?? 'bg-slate-200 text-slate-800'}`}
    >
      {label}
    </span>
  );
}
