'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR from 'swr';
import { retryDeadMail, SHOP_STATUS_URL, type ShopStatus } from '@/lib/admin-client/admin-api';
import { usePermission } from '@/lib/admin-client/session';
import { useFailureText } from './admin-i18n';
import { RawDetails } from './ui/raw-details';
import { secondaryButton } from './ui/styles';

/**
 * Above every back-office screen, what staff must know of the shop's set-up: a product line that is not sold online
 * (live mode with its provider still the sandbox) and why, invoices held back from ANAF (EFACTURA_PROVIDER=off), each
 * in what it means for staff with the variable's name folded away, and
 * the dead letters: e-mails, deliveries and e-Factura uploads given up after every retry. Shown whatever became of
 * the staff alert that told of them, which may be one of the dead e-mails; PAYMENT_WRITE may send every dead e-mail
 * again from here (those of no order have nowhere else).
 * Nothing when all is sold and reported.
 */
export function ShopStatusBanner() {
  const t = useTranslations('Admin.shopStatus');
  const { data, mutate } = useSWR<ShopStatus>(SHOP_STATUS_URL);
  const mayWrite = usePermission('PAYMENT_WRITE');
  const failureText = useFailureText();
  const [retrying, setRetrying] = useState(false);
  const [outcome, setOutcome] = useState<string>();
  if (!data) return null;
  const closed = data.lines.filter((line) => !line.sold);
  const deadLetters = data.deadLetters || data.failedDeliveries || data.efacturaStuck;
  if (!closed.length && data.efactura !== 'off' && !deadLetters && !outcome) return null;

  const retryMail = async () => {
    setRetrying(true);
    setOutcome(undefined);
    try {
      const { requeued } = await retryDeadMail();
      setOutcome(t('retryMailDone', { count: requeued }));
      await mutate();
    } catch (error) {
      setOutcome(failureText(error));
    } finally {
      setRetrying(false);
    }
  };

  return (
    <section
      aria-label={t('label')}
      className="mb-4 space-y-1 rounded-md border border-amber-500 bg-amber-50 px-4 py-3 text-sm text-slate-900"
      data-testid="shop-status"
    >
      {closed.map((line) => (
        <div key={line.line} data-line={line.line}>
          <p>
            <strong>{t(`closed.${line.line}`)}</strong> {t(`closedWhy.${line.line}`)}
          </p>
          <RawDetails value={line.sold ? undefined : `${line.variable}=sandbox`} />
        </div>
      ))}
      {data.efactura === 'off' && (
        <div data-testid="efactura-off">
          <p>
            <strong>{t('efacturaOff')}</strong> {t('efacturaOffWhy')}
          </p>
          <RawDetails value="EFACTURA_PROVIDER=off" />
        </div>
      )}
      {data.deadLetters > 0 && (
        <p data-testid="dead-letters">
          <strong>{t('deadLetters', { count: data.deadLetters })}</strong> {t('deadLettersWhy')}{' '}
          {mayWrite && (
            <button
              type="button"
              className={secondaryButton}
              disabled={retrying}
              onClick={() => void retryMail()}
            >
              {retrying ? t('retryMailPending') : t('retryMail')}
            </button>
          )}
        </p>
      )}
      {outcome && (
        <p role="status" data-testid="dead-letters-retried">
          {outcome}
        </p>
      )}
      {data.failedDeliveries > 0 && (
        <p data-testid="failed-deliveries">
          <strong>{t('failedDeliveries', { count: data.failedDeliveries })}</strong>{' '}
          {t('failedDeliveriesWhy')}
        </p>
      )}
      {data.efacturaStuck > 0 && (
        <p data-testid="efactura-stuck">
          <strong>{t('efacturaStuck', { count: data.efacturaStuck })}</strong> {t('efacturaStuckWhy')}
        </p>
      )}
    </section>
  );
}
