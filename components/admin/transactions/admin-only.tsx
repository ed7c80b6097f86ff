'use client';

import { useTranslations } from 'next-intl';

/**
 * Said where an action the order's state allows is not the user's to take (an operator before a refund): whose it
 * is, instead of a button that silently is not there.
 */
export function AdminOnly({ action }: { action: string }) {
  const a = useTranslations('Admin.actions');
  return (
    <p className="text-sm text-slate-700" data-testid="admin-only">
      {a('adminOnly', { action })}
    </p>
  );
}
