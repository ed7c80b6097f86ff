'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  invoicePdfUrl,
  invoiceXmlUrl,
  patchActive,
  PAYMENTS_URL,
  transactionDetailsUrl,
  type Payment,
} from '@/lib/admin-client/admin-api';
import { useDownload } from '@/lib/admin-client/download';
import { formatDateTime, formatRon } from '@/lib/admin-client/format';
import { patchInactive, type OrderDetails } from '@/lib/admin-client/order-actions-api';
import { useActionPermissions } from '@/lib/admin-client/action-permissions';
import { usePermission } from '@/lib/admin-client/session';
import { formatNationalPhone } from '@/lib/phones/romanian-phone';
import { isKeyOf, useFailureText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { Facts } from '../ui/facts';
import { Notice } from '../ui/notice';
import { StatusBadge } from '../ui/status-badge';
import { primaryButton, rowButton, secondaryButton } from '../ui/styles';
import { AttentionNotice } from './attention';
import { AdminOnly } from './admin-only';
import { CORRECTABLE_STATUSES, CorrectItem } from './correct-item';
import { CorrectPhone } from './correct-phone';
import { CorrectionsSection } from './corrections-section';
import { EfacturaSection } from './efactura-section';
import { OrderActions, type ActionOutcome } from './order-actions';
import { OrderHistory, OrderLines } from './order-lines';
import { PaidTwice } from './paid-twice';
import { RefundsSection } from './refunds-section';

/** The invoice as staff download it: the PDF the buyer received, and its RO e-Factura XML. */
const INVOICE_FORMATS = [
  { format: 'pdf', url: invoicePdfUrl, label: 'downloadInvoice' },
  { format: 'xml', url: invoiceXmlUrl, label: 'downloadInvoiceXml' },
] as const;

/** The list's pages: revalidated after a change so that the row shows it too. */
const isPaymentsKey = (key: unknown) => typeof key === 'string' && key.startsWith(`${PAYMENTS_URL}?`);

/**
 * One transaction in full (the `.../transaction/details` call of its kind): the order, why it needs a hand if it does,
 * what staff can do to settle it, "mark as active", its lines with the providers' references, its refunds, its invoice
 * and the history of its states.
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
      title={payment ? d('title', { id: payment.reference ?? payment.id }) : ''}
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
  const { Admin } = useMessages();
  const d = useTranslations('Admin.details');
  const c = useTranslations('Admin.actions.correct');
  const cp = useTranslations('Admin.actions.correctPhone');
  const rf = useTranslations('Admin.refunds');
  const locale = useLocale();
  const failureText = useFailureText();
  const {
    data: order,
    error,
    isLoading,
    mutate,
  } = useSWR<OrderDetails>(transactionDetailsUrl(payment.kind, payment.id));
  const { mutate: mutateAll } = useSWRConfig();
  const mayReadInvoices = usePermission('INVOICE_READ');
  const granted = useActionPermissions();
  const invoice = useDownload();
  const [outcome, setOutcome] = useState<ActionOutcome>();

  /** After an action: the order as it is now (awaited, so that what follows sees it), and the list's rows too. */
  const revalidate = useCallback(async () => {
    void mutateAll(isPaymentsKey);
    await mutate().catch(() => undefined);
  }, [mutate, mutateAll]);
  // Said once the action's dialog has gone: a live region under an open modal is inert, and its news unheard.
  const announce = useCallback((next: ActionOutcome | undefined) => {
    if (!next) setOutcome(undefined);
    else setTimeout(() => setOutcome(next), 0);
  }, []);

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
      {order.needsAttention ? (
        <AttentionNotice order={order} />
      ) : (
        order.needsReview && <Notice tone="error">{d('needsReview')}</Notice>
      )}
      <Facts
        rows={[
          [d('reference'), order.reference],
          [
            d('orderId'),
            <span key="id" className="font-mono break-all">
              {order.id}
            </span>,
          ],
          [d('status'), <StatusBadge key="status" status={order.status} />],
          [d('kind'), t(`kinds.${order.kind}`)],
          [d('amount'), formatRon(order.amountRon, locale)],
          [rf('refundable'), formatRon(order.refundableRon, locale), !(order.refundableRon > 0)],
          [d('createdAt'), formatDateTime(order.createdAt, locale)],
          [d('updatedAt'), formatDateTime(order.updatedAt, locale)],
          [d('email'), order.email],
          [d('phone'), order.phone],
          [
            d('locale'),
            isKeyOf(Admin.languages, order.locale) ? t(`languages.${order.locale}`) : order.locale,
          ],
          [d('providerPaymentId'), order.providerPaymentId],
          [
            d('invoice'),
            order.invoiceNumber && (
              <span className="inline-flex flex-wrap items-center gap-2">
                {order.invoiceNumber}
                {mayReadInvoices &&
                  INVOICE_FORMATS.map(({ format, url, label }) => (
                    <button
                      key={format}
                      type="button"
                      className={rowButton}
                      disabled={invoice.pending !== undefined}
                      onClick={() =>
                        void invoice.download(format, url(order.id), `${order.invoiceNumber}.${format}`)
                      }
                    >
                      {invoice.pending === format ? t('shell.downloading') : d(label)}
                    </button>
                  ))}
              </span>
            ),
          ],
        ]}
      />
      <Notice tone="error" urgent>
        {invoice.error ? failureText(invoice.error) : undefined}
      </Notice>
      <OrderActions order={order} outcome={outcome} announce={announce} revalidate={revalidate} />
      <ActiveState
        order={order}
        onChanged={(updated) => void mutate({ ...order, ...updated }, { revalidate: true })}
      />
      <OrderLines
        order={order}
        lineActions={(index) => {
          const line = order.items[index];
          if (line && 'phone' in line && !('plate' in line)) {
            // A top-up not delivered: the call centre corrects a mistyped number before retrying.
            if (order.status !== 'FULFILLMENT_FAILED' || line.reference || !granted.correctUndelivered)
              return null;
            return (
              <CorrectPhone
                order={order}
                line={line}
                onDone={async (item) => {
                  announce(undefined);
                  await revalidate();
                  announce({
                    text: cp('done', { phone: item.phone ? formatNationalPhone(item.phone) : '' }),
                    tone: 'success',
                  });
                }}
              />
            );
          }
          if (!line || !('plate' in line) || !('firstDay' in line)) return null;
          return (
            <CorrectItem
              order={order}
              line={line}
              mayCorrect={
                CORRECTABLE_STATUSES.includes(order.status) &&
                // The server asks the call centre's authority of every correction, and an issued one's besides.
                granted.correctUndelivered &&
                (!line.reference || granted.correctIssued)
              }
              adminOnly={
                CORRECTABLE_STATUSES.includes(order.status) &&
                Boolean(line.reference) &&
                !granted.correctIssued
              }
              onDone={async (item) => {
                announce(undefined);
                await revalidate();
                announce({ text: c('done', { plate: item.plate, country: item.country }), tone: 'success' });
              }}
            />
          );
        }}
      />
      <PaidTwice order={order} revalidate={revalidate} />
      <RefundsSection order={order} />
      <CorrectionsSection order={order} />
      <EfacturaSection order={order} revalidate={revalidate} />
      <OrderHistory events={order.events} />
    </div>
  );
}

/**
 * Who marked the order active and when; for PAYMENT_WRITE, the button that does it, or undoes it. Focus goes from one
 * button to the other, as the one pressed is gone.
 */
function ActiveState({
  order,
  onChanged,
}: {
  order: OrderDetails;
  onChanged: (updated: Partial<OrderDetails>) => void;
}) {
  const a = useTranslations('Admin.details.active');
  const u = useTranslations('Admin.actions.unmark');
  const locale = useLocale();
  const failureText = useFailureText();
  const mayWrite = useActionPermissions().markActive;
  const { mutate } = useSWRConfig();
  const [marking, setMarking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<'marked' | 'unmarked'>();
  const toggle = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    toggle.current?.focus();
  }, [order.active]);

  const setActive = async (active: boolean) => {
    setMarking(true);
    setFailure(undefined);
    setDone(undefined);
    try {
      const updated = active ? await patchActive(order.id) : await patchInactive(order.id);
      setDone(active ? 'marked' : 'unmarked');
      moveFocus.current = true;
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
        <>
          <p className="text-sm text-slate-900">
            {a('yes', {
              by: order.activeBy ?? '—',
              at: order.activeAt ? formatDateTime(order.activeAt, locale) : '—',
            })}
          </p>
          {!mayWrite && <AdminOnly action={u('button')} />}
          {mayWrite && (
            <button
              ref={toggle}
              type="button"
              className={secondaryButton}
              disabled={marking}
              onClick={() => void setActive(false)}
            >
              {marking ? u('pending') : u('button')}
            </button>
          )}
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">{a('no')}</p>
          {!mayWrite && <AdminOnly action={a('mark')} />}
          {mayWrite && (
            <button
              ref={toggle}
              type="button"
              className={primaryButton}
              disabled={marking}
              onClick={() => void setActive(true)}
            >
              {marking ? a('marking') : a('mark')}
            </button>
          )}
        </>
      )}
      <Notice tone="success">
        {done === 'marked' ? a('marked') : done === 'unmarked' ? u('done') : undefined}
      </Notice>
      <Notice tone="error" urgent>
        {failure}
      </Notice>
    </section>
  );
}
