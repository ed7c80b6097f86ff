'use client';

import { useLocale, useMessages, useTranslations } from 'next-intl';
import { useRef, useState, type MouseEvent, type RefObject } from 'react';
import { formatRon } from '@/lib/admin-client/format';
import {
  postRetryDelivery,
  type OrderDetails,
  type RefundAnswer,
} from '@/lib/admin-client/order-actions-api';
import { useActionPermissions } from '@/lib/admin-client/action-permissions';
import { refundAnswerOf } from '@/lib/admin-client/provider-answers';
import { isKeyOf } from '../admin-i18n';
import { Notice } from '../ui/notice';
import { primaryButton, secondaryButton } from '../ui/styles';
import { RawDetails } from '../ui/raw-details';
import { useActionFailure } from './action-failure';
import { AdminOnly } from './admin-only';
import { BillingCorrectionDialog } from './billing-correction';
import { CancelOrderDialog } from './cancel-order-dialog';
import { EmailDialog, ResendDialog } from './email-dialogs';
import { RefundDialog } from './refund-dialog';

/** What the last action did, said in the actions' polite live region. */
export interface ActionOutcome {
  text: string;
  tone: 'success' | 'error';
}

/** The states in which money can go back to the buyer (and there is some left to give back). */
const REFUNDABLE_STATUSES: readonly string[] = ['FULFILLED', 'FULFILLMENT_FAILED'];

type DialogKey = 'refund' | 'email' | 'resend' | 'cancel' | 'billing';

/**
 * Focus after an action: back to the button that started it, or, when the action made that button go (a refund, a
 * cancellation, a delivery that worked), to the section's heading rather than the start of the page. It runs after
 * the dialog library has given focus back, so that it has the last word.
 */
function useFocusReturn(fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember: (event: MouseEvent<HTMLElement>) => {
      opener.current = event.currentTarget;
    },
    restore: () =>
      setTimeout(() => {
        const target = opener.current;
        if (target?.isConnected && !(target as HTMLButtonElement).disabled) target.focus();
        else fallback.current?.focus();
      }, 0),
  };
}

/**
 * What staff can do to settle the order, as its state and their permissions allow (the server checks both anyway,
 * lib/auth/permissions.ts ACTION_AUTHORITIES): retry the delivery, change the buyer's e-mail, re-send the
 * confirmation (the call centre's); refund, cancel a pending order (an administrator's, which the screen says to
 * anyone else the state would offer them to). Each ends by reloading the order and the list, and saying what
 * happened.
 */
export function OrderActions({
  order,
  outcome,
  announce,
  revalidate,
}: {
  order: OrderDetails;
  outcome: ActionOutcome | undefined;
  announce: (outcome: ActionOutcome | undefined) => void;
  revalidate: () => Promise<void>;
}) {
  const a = useTranslations('Admin.actions');
  const providerAnswer = useTranslations('Admin.providerAnswers.refund');
  const { Admin } = useMessages();
  const locale = useLocale();
  const granted = useActionPermissions();
  const actionFailure = useActionFailure();
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useFocusReturn(heading);
  const [dialog, setDialog] = useState<DialogKey | null>(null);
  const [retrying, setRetrying] = useState(false);
  const [failure, setFailure] = useState<{ message?: string; raw?: string }>();

  /** What the order's state allows, whoever asks. */
  const allowed = {
    refund: order.refundableRon > 0 && REFUNDABLE_STATUSES.includes(order.status),
    retry: order.status === 'FULFILLMENT_FAILED',
    email: true,
    // A dead letter (an e-mail given up after every retry) is requeued by the same re-send, whatever the state.
    resend: order.status === 'FULFILLED' || order.attentionReasons.includes('MAIL_UNDELIVERED'),
    cancel: order.status === 'PENDING_PAYMENT',
    // Whom the invoice names, corrected (a storno and a new invoice once invoiced); an order refunded in full has
    // nothing invoiced left to restate.
    correctBilling: order.status !== 'REFUNDED',
  };
  const may = {
    refund: allowed.refund && granted.refund,
    retry: allowed.retry && granted.retry,
    email: allowed.email && granted.email,
    resend: allowed.resend && granted.resend,
    cancel: allowed.cancel && granted.cancel,
    correctBilling: allowed.correctBilling && granted.correctBilling,
  };
  // The state offers them, the role does not: said rather than missing (labels as the buttons have them).
  const adminOnly = [
    allowed.refund && !granted.refund && a('refund.button'),
    allowed.cancel && !granted.cancel && a('cancelOrder.button'),
    allowed.correctBilling && !granted.correctBilling && a('billing.button'),
  ].filter((label): label is string => Boolean(label));
  const anyGranted = Object.values(granted).some(Boolean);

  if (!anyGranted && adminOnly.length === 0) return null;

  const open = (key: DialogKey) => (event: MouseEvent<HTMLButtonElement>) => {
    focus.remember(event);
    setFailure(undefined);
    announce(undefined);
    setDialog(key);
  };
  const close = () => {
    setDialog(null);
    focus.restore();
  };
  /** The order and the list as they are now, then the dialog closed and the outcome said. */
  const finish = async (done: ActionOutcome) => {
    await revalidate();
    close();
    announce(done);
  };

  const retry = async (event: MouseEvent<HTMLButtonElement>) => {
    focus.remember(event);
    setRetrying(true);
    setFailure(undefined);
    announce(undefined);
    try {
      const { status } = await postRetryDelivery(order.id);
      await revalidate();
      announce({
        text: isKeyOf(Admin.actions.retry, status) ? a(`retry.${status}`) : a('retry.other'),
        tone: status === 'FULFILLMENT_FAILED' ? 'error' : 'success',
      });
    } catch (error) {
      setFailure(actionFailure(error, []));
    } finally {
      setRetrying(false);
      focus.restore();
    }
  };

  const refunded = ({ refund }: RefundAnswer) => {
    const amount = formatRon(refund.amountRon, locale);
    if (refund.status === 'CONFIRMED')
      return { text: a('refund.confirmed', { amount }), tone: 'success' } as const;
    if (refund.status === 'REFUSED') {
      const answer = refund.providerAnswer ? providerAnswer(refundAnswerOf(refund.providerAnswer)) : '—';
      return { text: a('refund.refused', { amount, answer }), tone: 'error' } as const;
    }
    // Asked, and the provider has not confirmed yet: the order waits in REFUND_PENDING.
    return { text: a('refund.pending', { amount }), tone: 'success' } as const;
  };

  const any = Object.values(may).some(Boolean);
  return (
    <section aria-labelledby="order-actions-title" className="space-y-3 rounded-md bg-slate-50 p-3">
      <h3
        ref={heading}
        id="order-actions-title"
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 outline-none"
      >
        {a('title')}
      </h3>
      {any ? (
        <div className="flex flex-wrap gap-2">
          {may.refund && (
            <button type="button" className={primaryButton} onClick={open('refund')}>
              {a('refund.button')}
            </button>
          )}
          {may.retry && (
            <button
              type="button"
              className={primaryButton}
              disabled={retrying}
              onClick={(event) => void retry(event)}
            >
              {retrying ? a('retry.pending') : a('retry.button')}
            </button>
          )}
          {may.resend && (
            <button type="button" className={secondaryButton} onClick={open('resend')}>
              {a('resend.button')}
            </button>
          )}
          {may.email && (
            <button type="button" className={secondaryButton} onClick={open('email')}>
              {a('email.button')}
            </button>
          )}
          {may.cancel && (
            <button type="button" className={secondaryButton} onClick={open('cancel')}>
              {a('cancelOrder.button')}
            </button>
          )}
          {may.correctBilling && (
            <button type="button" className={secondaryButton} onClick={open('billing')}>
              {a('billing.button')}
            </button>
          )}
        </div>
      ) : (
        adminOnly.length === 0 && <p className="text-sm text-slate-700">{a('none')}</p>
      )}
      {adminOnly.map((label) => (
        <AdminOnly key={label} action={label} />
      ))}
      <Notice tone={outcome?.tone === 'error' ? 'error' : 'success'}>{outcome?.text}</Notice>
      <Notice tone="error" urgent>
        {failure?.message}
      </Notice>
      {failure?.message && <RawDetails value={failure.raw} />}

      <RefundDialog
        order={order}
        open={dialog === 'refund'}
        onClose={close}
        onDone={(answer) => finish(refunded(answer))}
      />
      <EmailDialog
        order={order}
        open={dialog === 'email'}
        onClose={close}
        onDone={(email) => finish({ text: a('email.done', { email }), tone: 'success' })}
      />
      <ResendDialog
        order={order}
        open={dialog === 'resend'}
        onClose={close}
        onDone={(to) => finish({ text: a('resend.done', { to }), tone: 'success' })}
      />
      <BillingCorrectionDialog
        order={order}
        open={dialog === 'billing'}
        onClose={close}
        onDone={({ documents }) =>
          finish({
            text: documents
              ? a('billing.done', {
                  replaced: documents.replaced.number,
                  creditNote: documents.creditNote.number,
                  invoice: documents.invoice.number,
                })
              : order.invoiceNumber
                ? a('billing.unchanged')
                : a('billing.doneNotInvoiced'),
            tone: 'success',
          })
        }
      />
      <CancelOrderDialog
        order={order}
        open={dialog === 'cancel'}
        onClose={close}
        onDone={() => finish({ text: a('cancelOrder.done'), tone: 'success' })}
      />
    </section>
  );
}
