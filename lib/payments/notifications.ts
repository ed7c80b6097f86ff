import 'server-only';

import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { getDb, type Db, type Executor } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@/lib/db/errors';
import { orders, paymentNotifications } from '@/lib/db/schema';
import { issueInvoice } from '@/lib/invoices/issue';
import { logger } from '@/lib/log/logger';
import { crashPoint } from '@/lib/server/crash-points';
import { kick } from '@/lib/server/jobs';
import { announceOrderChange } from '@/lib/orders/order-events';
import { invoicedOrderOf } from '@/lib/orders/order-document';
import {
  findOrder,
  markNeedsReview,
  transitionEventSql,
  transitionOrder,
  transitionValues,
  type OrderRow,
  type TransitionInput,
} from '@/lib/orders/orders';
import type { OrderEventCode } from '@/lib/orders/event-codes';
import { queueStaffAlert } from '@/lib/mail/staff-alert-queue';
import { sourcesOf, type OrderStatus } from '@/lib/orders/status';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { declineCodeOf } from '@/lib/payment-provider/decline-reasons';
import { applyProviderRefund, duplicatePaymentsOf, isCreditStatus } from './refunds';
import { attentionTimeOf } from '@/lib/efactura/submissions-schedule';
import { getPaymentGateway } from '@/lib/payment-provider/gateway';
import { orderIdOfPaymentReference, paymentReferenceOf } from '@/lib/payment-provider/payment-reference';
import {
  bodyDigest,
  notificationAnswer,
  rejectionErrorCode,
  outcomeOfStatus,
  verifyNotification,
  type NotificationAnswer,
} from '@/lib/payment-provider/netopia/notification';

export interface NotificationResult {
  httpStatus: number;
  answer: NotificationAnswer;
  /** Set when the provider should retry later: the `Retry-After` header. */
  retryAfterSeconds?: number;
}

const OUTCOME_STATUS: Record<'PAID' | 'FAILED' | 'CANCELED' | 'EXPIRED', OrderStatus> = {
  PAID: 'PAID',
  FAILED: 'FAILED',
  CANCELED: 'CANCELED',
  EXPIRED: 'EXPIRED',
};

const OUTCOME_EVENT: Record<'PAID' | 'FAILED' | 'CANCELED' | 'EXPIRED', OrderEventCode> = {
  PAID: 'payment.paid',
  FAILED: 'payment.failed',
  CANCELED: 'payment.canceled',
  EXPIRED: 'payment.expired',
};

/** Statuses about money given back, or about to be: credit, chargeback opened, chargeback accepted. */
const isRefundNotice = (status: number) =>
  isCreditStatus(status) || status === NETOPIA_STATUS.CHARGEBACK_INIT;

/**
 * The provider's notification (IPN; docs/architecture.md, The order's journey): nothing changes before the token, the
 * body digest, the order, its amount and currency all check out. Each change is one conditional update, so a duplicate,
 * replayed or reordered notification changes nothing twice; a payment after expiry is kept for review.
 */
export async function handlePaymentNotification(
  rawBody: Uint8Array,
  token: string | null,
  { mayRecordRejection = async () => true }: { mayRecordRejection?: () => Promise<boolean> } = {},
): Promise<NotificationResult> {
  try {
    return await applyNotification(rawBody, token, mayRecordRejection);
  } catch (error) {
    // Nothing was applied (each change is one transaction): the protocol's "temporary, retry" answer makes the
    // provider send it again, and the payment is applied once the database is back. An HTTP 5xx too, for a
    // provider that looks at the status only.
    if (isDatabaseUnavailable(error)) {
      logger.warn('payment notification deferred: the database is unavailable');
      return {
        httpStatus: 503,
        answer: notificationAnswer('TEMPORARY', 'temporarily unavailable, retry later'),
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      };
    }
    logger.error({ err: error }, 'payment notification failed');
    return { httpStatus: 500, answer: notificationAnswer('TEMPORARY', 'internal error, retry later') };
  }
}

async function applyNotification(
  rawBody: Uint8Array,
  token: string | null,
  mayRecordRejection: () => Promise<boolean>,
): Promise<NotificationResult> {
  const gateway = getPaymentGateway();
  const db = await getDb();
  const verified = await verifyNotification({
    rawBody,
    token,
    publicKeyPem: await gateway.publicKeyPem(),
    posSignature: gateway.posSignature,
  });
  const digest = bodyDigest(rawBody);

  // An unverified request is logged, never stored: anyone can send one, so a row per request would let any
  // client fill the table. Only what the provider signed is kept (payment_notifications), whatever its outcome.
  if (!verified.ok) {
    // Past the sender's allowance, not even a log line: unsigned traffic cannot flood the logs either.
    if (!(await mayRecordRejection())) {
      return { httpStatus: 429, answer: notificationAnswer('PERMANENT', 'too many rejected notifications') };
    }
    logger.warn({ reason: verified.reason, bodySha512: digest }, 'payment notification rejected');
    // The official SDKs' error code for the reason, so the provider's logs say which check failed.
    const code = rejectionErrorCode(verified.reason);
    return { httpStatus: 401, answer: notificationAnswer('PERMANENT', `rejected: ${verified.reason}`, code) };
  }

  const notification = verified.notification;
  const orderId = orderIdOfPaymentReference(notification.orderId);
  const record = (outcome: string) =>
    recordNotice(db, {
      orderId,
      providerPaymentId: notification.ntpId,
      providerStatus: notification.status,
      bodySha512: digest,
      outcome,
    });
  const refuse = async (reason: string) => {
    await record(`rejected: ${reason}`);
    logger.error(
      { reason, orderId: notification.orderId, bodySha512: digest },
      'signed payment notification refused',
    );
    return { httpStatus: 200, answer: notificationAnswer('PERMANENT', reason) };
  };

  const order = await findOrder(db, orderId);
  if (!order) return refuse('unknown order');
  // A word about an earlier payment of this order, one the buyer left for a new one ("pay again" after a decline
  // or an expiry, lib/payments/pay-again.ts). Money taken is applied like any other payment, never dropped; that it was
  // declined or expired is old news: the order now waits for its newer payment.
  const earlierAttempt = notification.orderId !== paymentReferenceOf(order);
  if (
    earlierAttempt &&
    !isRefundNotice(notification.status) &&
    outcomeOfStatus(notification.status) !== 'PAID'
  ) {
    await record(`no change: earlier payment attempt, status ${notification.status}`);
    return { httpStatus: 200, answer: notificationAnswer('DONE', 'earlier payment attempt') };
  }
  // Money given back from the duplicate payment of an order paid twice names that payment: booked on it.
  const ofDuplicate =
    isRefundNotice(notification.status) &&
    (await duplicatePaymentsOf(db, order)).includes(notification.ntpId);
  if (
    !earlierAttempt &&
    !ofDuplicate &&
    order.providerPaymentId &&
    order.providerPaymentId !== notification.ntpId
  ) {
    return refuse('payment id mismatch');
  }
  // Money given back (a credit, a chargeback) carries what was given back, at most what was paid.
  if (isRefundNotice(notification.status)) {
    if (order.currency !== notification.currency || notification.amountBani > order.amountBani) {
      return refuse('amount or currency mismatch');
    }
    const changed = await applyProviderRefund(db, order.id, {
      status: notification.status,
      creditedBani: notification.amountBani,
      actor: 'provider',
      paymentId: notification.ntpId,
    });
    await record(`${changed ? 'applied' : 'no change'}: refund status ${notification.status}`);
    return { httpStatus: 200, answer: notificationAnswer('DONE', changed ? 'applied' : 'already applied') };
  }
  if (order.amountBani !== notification.amountBani || order.currency !== notification.currency) {
    return refuse('amount or currency mismatch');
  }

  // The notice is recorded with what it changed, in the same transaction.
  const changed = await applyPaymentStatus(db, order, {
    status: notification.status,
    ntpId: notification.ntpId,
    reason: `provider status ${notification.status}${notification.message ? ` (${notification.message})` : ''}`,
    message: notification.message,
    code: notification.code,
    reference: notification.orderId,
    bodySha512: digest,
  });
  // Applied and committed, not yet answered: the provider sends it again, and it changes nothing the second time.
  crashPoint('notification-accepted');
  return { httpStatus: 200, answer: notificationAnswer('DONE', changed ? 'applied' : 'already applied') };
}

/** What is kept of a signed notice: whose, what it said, its body's digest, and what came of it. */
type Notice = {
  orderId: string;
  providerPaymentId: string;
  providerStatus: number;
  bodySha512: string;
  outcome: string;
};

const recordNotice = (executor: Executor, notice: Notice) =>
  preparedStatement(executor, 'payment_notification_record', (on) =>
    on
      .insert(paymentNotifications)
      .values({
        orderId: sql.placeholder('orderId'),
        providerPaymentId: sql.placeholder('providerPaymentId'),
        providerStatus: sql.placeholder('providerStatus'),
        bodySha512: sql.placeholder('bodySha512'),
        outcome: sql.placeholder('outcome'),
      })
      .prepare('payment_notification_record'),
  ).execute(notice);

/**
 * Applies a provider status to an order, whoever reported it (the notification, or the reconciler asking the
 * provider): one conditional transition; a payment also takes its invoice number; a payment on a terminal order is
 * flagged for review. Returns whether the order changed.
 */
export async function applyPaymentStatus(
  db: Db,
  order: OrderRow,
  report: {
    status: number;
    ntpId: string;
    reason: string;
    actor?: string;
    message?: string;
    /** The provider's result code (`51` insufficient funds ...), kept on an order it fails for the buyer's page. */
    code?: string;
    /** The orderID the provider paid under, when known: an earlier attempt's, if that one paid (see above). */
    reference?: string;
    /** The provider's signed notice that reported it (its body's digest): recorded with its outcome. */
    bodySha512?: string;
  },
): Promise<boolean> {
  const outcome = outcomeOfStatus(report.status);
  const recordIn = async (executor: Executor, changed: boolean) => {
    if (report.bodySha512)
      await recordNotice(executor, {
        orderId: order.id,
        providerPaymentId: report.ntpId,
        providerStatus: report.status,
        bodySha512: report.bodySha512,
        outcome: `${changed ? 'applied' : 'no change'}: ${outcome}`,
      });
  };
  if (outcome === 'PENDING') {
    await recordIn(db, false);
    return false;
  }
  const event = {
    orderId: order.id,
    to: OUTCOME_STATUS[outcome],
    reason: report.reason,
    actor: report.actor ?? 'provider',
    code: OUTCOME_EVENT[outcome],
    // The result code beside the message: the back-office says why in the reader's language.
    params:
      report.message || report.code
        ? {
            ...(report.message ? { message: report.message } : {}),
            ...(report.code ? { code: report.code } : {}),
          }
        : undefined,
  };
  return db
    .transaction(async (tx) => {
      if (outcome === 'PAID') {
        const paid = await recordPaid(tx, event, { ...report, outcome });
        if (paid) {
          // The invoice is numbered and stated in the paying transaction: no gaps, no repeats, frozen as issued; and
          // queued for RO e-Factura in its statement.
          const now = new Date();
          await issueInvoice(
            tx,
            {
              order: await invoicedOrderOf(tx, order.id, paid),
              kind: order.kind,
              totalBani: order.amountBani,
            },
            { now, efacturaAttentionAt: attentionTimeOf(now) },
          );
          return true;
        }
        // A payment that moved nothing: one after the order ended, or a second one, is kept for a person.
        const current = await findOrder(tx, order.id);
        if (
          current &&
          (current.status === 'EXPIRED' || current.status === 'FAILED' || current.status === 'CANCELED') &&
          !current.needsReview
        ) {
          await markNeedsReview(
            tx,
            order.id,
            `payment arrived after the order was ${current.status}`,
            report.actor ?? 'provider',
            'payment.late',
            { status: current.status },
          );
          await queueStaffAlert(tx, order.id, 'PAID_AFTER_EXPIRY');
        } else if (current && current.providerPaymentId !== report.ntpId && !current.needsReview) {
          // Two payments of one order (an earlier attempt paid after all): the second is money to give back.
          await markNeedsReview(
            tx,
            order.id,
            'a second payment arrived for an order already paid',
            report.actor ?? 'provider',
            'payment.duplicate',
          );
          await queueStaffAlert(tx, order.id, 'PAID_TWICE');
        }
        return false;
      }
      const from = await transitionOrder(tx, event);
      if (from) {
        await tx
          .update(orders)
          .set({ paymentErrorCode: declineCodeOf(report.status, report.code) })
          .where(eq(orders.id, order.id));
      }
      await recordIn(tx, from !== null);
      return from !== null;
    })
    .then((changed) => {
      if (changed) announceOrderChange(order.id);
      if (changed && outcome === 'PAID') {
        kick('fulfilment');
        kick('efactura');
      }
      return changed;
    });
}

/**
 * The move to PAID, its event and the payment recorded on the order (the provider's payment id, the reference it paid
 * under when it names one, no decline code), and the notice that reported it with what came of it, in one statement:
 * the order as it now is, the one its invoice states; undefined when it did not move (already paid, or terminal).
 */
async function recordPaid(
  tx: Executor,
  event: TransitionInput,
  {
    ntpId,
    reference,
    status,
    bodySha512,
    outcome,
  }: { ntpId: string; reference?: string; status: number; bodySha512?: string; outcome: string },
): Promise<OrderRow | undefined> {
  const name = bodySha512 ? 'order_paid_noticed' : 'order_paid';
  const [paid] = await preparedStatement(tx, name, (on) => {
    const previous = on
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, sql.placeholder('orderId')))
      .for('update')
      .as('previous');
    const moved = on.$with('moved').as(
      on
        .update(orders)
        .set({
          status: 'PAID',
          updatedAt: sql`now()`,
          providerPaymentId: sql`${sql.placeholder('providerPaymentId')}`,
          paymentErrorCode: null,
          paymentReference: sql`coalesce(${sql.placeholder('paymentReference')}, ${orders.paymentReference})`,
        })
        .from(previous)
        .where(and(eq(orders.id, previous.id), inArray(previous.status, sourcesOf('PAID'))))
        .returning({ ...getTableColumns(orders), from: sql<OrderStatus>`${previous.status}`.as('from') }),
    );
    const recorded = on.$with('recorded', {}).as(transitionEventSql(moved, 'PAID'));
    const noticed = on.$with('noticed', {}).as(
      sql`insert into ${paymentNotifications} (order_id, provider_payment_id, provider_status, body_sha512, outcome)
        select ${sql.placeholder('orderId')}, ${sql.placeholder('providerPaymentId')},
          ${sql.placeholder('providerStatus')}::integer, ${sql.placeholder('bodySha512')},
          case when exists (select from ${moved}) then 'applied: ' else 'no change: ' end || ${sql.placeholder('outcome')}`,
    );
    return (bodySha512 ? on.with(moved, recorded, noticed) : on.with(moved, recorded))
      .select()
      .from(moved)
      .prepare(name);
  }).execute({
    ...transitionValues(event),
    providerPaymentId: ntpId,
    paymentReference: reference || null,
    ...(bodySha512 ? { providerStatus: status, bodySha512, outcome } : {}),
  });
  return paid;
}
