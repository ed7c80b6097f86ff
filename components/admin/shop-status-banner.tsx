'use client';

import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { SHOP_STATUS_URL, type ShopStatus } from '@/lib/admin-client/admin-api';

/**
 * Above every back-office screen, what staff must know of the shop's set-up: a product line that is not sold online
 * (live mode with its provider still the sandbox) and why, invoices held back from ANAF (EFACTURA_PROVIDER=off), and
 * e-mails given up after every retry.
 * Nothing when all is sold and reported.
 */
export function ShopStatusBanner() {
  const t = useTranslations('Admin.shopStatus');
  const { data } = useSWR<ShopStatus>(SHOP_STATUS_URL);
  if (!data) return null;
  const closed = data.lines.filter((line) => !line.sold);
  if (!closed.length && data.efactura !== 'off' && !data.deadLetters) return null;
  return (
    <section
      aria-label={t('label')}
      className="mb-4 space-y-1 rounded-md border border-amber-500 bg-amber-50 px-4 py-3 text-sm text-slate-900"
      data-testid="shop-status"
    >
      {closed.map((line) => (
        <p key={line.line} data-line={line.line}>
          <strong>{t(`closed.${line.line}`)}</strong>{' '}
          {t('closedWhy', { variable: line.sold ? '' : line.variable })}
        </p>
      ))}
      {data.efactura === 'off' && (
        <p data-testid="efactura-off">
          <strong>{t('efacturaOff')}</strong> {t('efacturaOffWhy')}
        </p>
      )}
      {data.deadLetters > 0 && (
        <p data-testid="dead-letters">
          <strong>{t('deadLetters', { count: data.deadLetters })}</strong> {t('deadLettersWhy')}
        </p>
      )}
    </section>
  );
}
