'use client';

import { useTranslations } from 'next-intl';
import type { ReminderFigures } from '@/lib/admin-client/admin-api';

/** Under the sales chart: the expiry reminders sent on the range's days, and the buyers who came back through them. */
export function ReminderFiguresLine({ figures }: { figures: ReminderFigures }) {
  const t = useTranslations('Admin.reminders');
  return (
    <div
      className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-700"
      data-testid="reminder-figures"
    >
      <h2 className="font-semibold text-slate-900">{t('title')}</h2>
      <p>{t('sent', { count: figures.sent })}</p>
      <p>{t('back', { buyers: figures.buyersBack, orders: figures.ordersBack })}</p>
    </div>
  );
}
