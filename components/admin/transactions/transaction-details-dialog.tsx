'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  invoicePdfUrl,
  patchActive,
  PAYMENTS_URL,
  transactionDetailsUrl,
  type Payment,
  type TransactionDetails,
} from '@/lib/admin-client/admin-api';
import { useDownload } from '@/lib/admin-client/download';
import { formatDateTime, formatRon } from '@/lib/admin-client/format';
import { usePermission } from '@/lib/admin-client/session';
import { LOCALE_INFO } from '@/lib/i18n/locales';
import type { Locale } from '@/lib/i18n/routing';
import { useFailureText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { Facts } from '../ui/facts';
import { Notice } from '../ui/notice';
import { StatusBadge } from '../ui/status-badge';
import { primaryButton, rowButton, secondaryButton } from '../ui/styles';
import { OrderHistory, OrderLines } from './order-lines';

/** The list's pages: revalidated after a change so that the row shows it too. */
const isPaymentsKey = (key: unknown) => typeof key === 'string' && key.startsWith(`${PAYMENTS_URL}?`);

/**
 * One transaction in full (the `.../transaction/details` call of its kind): the order, its lines with the
 * providers' references, its invoice, the history of its states, and "mark as active" for PAYMENT_WRITE.
 */
export function TransactionDetailsDialog({
  payment,
  onClose,
}: {
  payment: Payment | null;
  onClose: () => void;
}) {
  const d = useTranslations('Admin.details');
  return (
    <AdminDialog
      open={payment !== null}
      onClose={onClose}
      size="lg"
      title={payment ? d('title', { id: payment.id }) : ''}
    >
      {payment && <DetailsBody payment={payment} />}
      <div className="mt-6 flex justify-end">
        <button type="button" className={secondaryButton} onClick={onClose}>
          {d('close')}
        </button>
      </div>
    </AdminDialog>
  );
}

function DetailsBody({ payment }: { payment: Payment }) {
  const t = useTranslations('Admin');
  const d = useTranslations('Admin.details');
  const locale = useLocale();
  const failureText = useFailureText();
  const {
    data: order,
    error,
    isLoading,
    mutate,
  } = useSWR<TransactionDetails>(transactionDetailsUrl(payment.kind, payment.id));
  const mayReadInvoices = usePermission('INVOICE_READ');
  const invoice = useDownload();

  if (!order) {
    return error ? (
      <Notice tone="error" urgent>
        {failureText(error)}
      </Notice>
    ) : (
      <p role="status" className="text-sm text-slate-700">
        {isLoading ? t('shell.loading') : ''}
      </p>
    );
  }

  return (
    <div className="space-y-6">
      {order.needsReview && <Notice tone="error">{d('needsReview')}</Notice>}
      <Facts
        rows={[
          [d('status'), <StatusBadge key="status" status={order.status} />],
          [d('kind'), t(`kinds.${order.kind}`)],
          [d('amount'), formatRon(order.amountRon, locale)],
          [d('createdAt'), formatDateTime(order.createdAt, locale)],
          [d('updatedAt'), formatDateTime(order.updatedAt, locale)],
          [d('email'), order.email],
          [d('phone'), order.phone],
          [d('locale'), LOCALE_INFO[order.locale as Locale]?.name ?? order.locale],
          [d('providerPaymentId'), order.providerPaymentId],
          [
            d('invoice'),
            order.invoiceNumber && (
              <span className="inline-flex flex-wrap items-center gap-2">
                {order.invoiceNumber}
                {mayReadInvoices && (
                  <button
                    type="button"
                    className={rowButton}
                    disabled={invoice.pending !== undefined}
                    onClick={() =>
                      void invoice.download('pdf', invoicePdfUrl(order.id), `${order.invoiceNumber}.pdf`)
                    }
                  >
                    {invoice.pending ? t('shell.downloading') : d('downloadInvoice')}
                  </button>
                )}
              </span>
            ),
          ],
        ]}
      />
      <Notice tone="error" urgent>
        {invoice.error ? failureText(invoice.error) : undefined}
      </Notice>
      <ActiveState
        order={order}
        onChanged={(updated) => void mutate({ ...order, ...updated }, { revalidate: true })}
      />
      <OrderLines order={order} />
      <OrderHistory events={order.events} />
    </div>
  );
}

/** Who marked the order active and when; or, for PAYMENT_WRITE, the button that does it. */
function ActiveState({
  order,
  onChanged,
}: {
  order: TransactionDetails;
  onChanged: (updated: Partial<TransactionDetails>) => void;
}) {
  const a = useTranslations('Admin.details.active');
  const locale = useLocale();
  const failureText = useFailureText();
  const mayWrite = usePermission('PAYMENT_WRITE');
  const { mutate } = useSWRConfig();
  const [marking, setMarking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [marked, setMarked] = useState(false);

  const markActive = async () => {
    setMarking(true);
    setFailure(undefined);
    try {
      const updated = await patchActive(order.id);
      setMarked(true);
      onChanged({ active: updated.active, activeBy: updated.activeBy, activeAt: updated.activeAt });
      void mutate(isPaymentsKey);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setMarking(false);
    }
  };

  return (
    <section aria-labelledby="order-active-title" className="space-y-2 rounded-md bg-slate-50 p-3">
      <h3 id="order-active-title" className="text-base font-semibold text-slate-900">
        {a('title')}
      </h3>
      {order.active ? (
        <p className="text-sm text-slate-900">
          {a('yes', {
            by: order.activeBy ?? '—',
            at: order.activeAt ? formatDateTime(order.activeAt, locale) : '—',
          })}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{a('no')}</p>
          {mayWrite && (
            <button
              type="button"
              className={primaryButton}
              disabled={marking}
              onClick={() => void markActive()}
            >
              {marking ? a('marking') : a('mark')}
            </button>
          )}
        </>
      )}
      <Notice tone="success">{marked ? a('marked') : undefined}</Notice>
      <Notice tone="error" urgent>
        {failure}
      </Notice>
    </section>
  );
}
