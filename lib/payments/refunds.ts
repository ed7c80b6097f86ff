import 'server-only';

import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/auth/audit';
import { ApiError } from '@/lib/api/errors';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import type { Principal } from '@/lib/auth/guard';
import type { Db, Executor } from '@/lib/db/client';
import { creditNotes, invoices, orders, outbox, paymentNotifications, refunds } from '@/lib/db/schema';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { issueCreditNote } from '@/lib/invoices/issue';
import { logger } from '@/lib/log/logger';
import type { OrderEventCode } from '@/lib/orders/event-codes';
import { announceOrderChange } from '@/lib/orders/order-events';
import { lockOrder, recordOrderEvent, transitionOrder, type OrderRow } from '@/lib/orders/orders';
import { queueEfacturaSubmission } from '@/lib/efactura/submissions-queue';
import { queueStaffAlert } from '@/lib/mail/staff-alert-queue';
import type { OrderStatus } from '@/lib/orders/status';
import { kick } from '@/lib/server/jobs';
import { getPaymentGateway, type PaymentGateway } from '@/lib/payment-provider/gateway';
import { creditPayment } from '@/lib/payment-provider/netopia/client';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';

/*
 * Refunds (docs/domain.md, Refunds). Staff ask from the back-office; the refund is recorded PENDING and the order
 * moves to REFUND_PENDING in one transaction under the order's row lock, and only then is the provider asked, once:
 * concurrent requests for one order find it pending and get 409 (and the partial unique index on refunds allows one
 * PENDING per order whatever happens). The provider's answer, its notification (status 8) or the reconciler asking
 * its status settles the refund, whichever comes first; the others find it settled. A refund done at the provider's
 * side (its back-office, a chargeback) arrives as a notification and is recorded as a PROVIDER refund.
 *
 * A confirmed refund issues a credit note (its own series, gap-free per year, numbered in the settling transaction
 * as invoices are) for an order that was invoiced, and queues the buyer's refund e-mail with it. The whole amount
 * given back makes the order REFUNDED; part of it returns the order to the state it was in.
 *
 * An order paid twice (an earlier attempt paid after all) holds two payments: the invoiced one (the order's
 * `provider_payment_id`) and a duplicate, known by the provider's signed notification of it. Each refund names the
 * payment it gives back (`refunds.provider_payment_id`, null for the invoiced one): the invoiced payment's refund
 * issues a credit note and moves the order as above; the duplicate's gives money back that was never invoiced, so it
 * issues no credit note and leaves the order as it is. The provider's credit notifications are booked the same way,
 * by the payment they name.
 */

export type RefundRow = typeof refunds.$inferSelect;

/** States in which an order's money may be given back from the back-office. */
const REFUNDABLE_STATES: readonly OrderStatus[] = ['FULFILLED', 'FULFILLMENT_FAILED'];
/** Ended orders whose payment came late (flagged needs_review): their money is held and may be given back. */
const LATE_PAYMENT_STATES: readonly OrderStatus[] = ['EXPIRED', 'FAILED', 'CANCELED'];

/** The refunds of one of an order's payments: the invoiced one (null), or a duplicate by its provider id. */
const ofPayment = (payment: string | null) =>
  payment === null ? isNull(refunds.providerPaymentId) : eq(refunds.providerPaymentId, payment);

/** What was given back of one of an order's payments so far (the invoiced one by default), in bani. */
async function refundedBani(
  executor: Executor,
  orderId: string,
  payment: string | null = null,
): Promise<number> {
  const [row] = await executor
    .select({ total: sql<string | null>`sum(${refunds.amountBani})` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'CONFIRMED'), ofPayment(payment)));
  return Number(row?.total ?? 0);
}

/**
 * The duplicate payments of an order paid twice: payments the provider reported as taken (a signed notification,
 * status paid or confirmed) other than the invoiced one, oldest first.
 */
export async function duplicatePaymentsOf(
  executor: Executor,
  order: Pick<OrderRow, 'id' | 'providerPaymentId'>,
): Promise<string[]> {
  if (!order.providerPaymentId) return [];
  const rows = await executor
    .select({ paymentId: paymentNotifications.providerPaymentId })
    .from(paymentNotifications)
    .where(
      and(
        eq(paymentNotifications.orderId, order.id),
        inArray(paymentNotifications.providerStatus, [NETOPIA_STATUS.PAID, NETOPIA_STATUS.CONFIRMED]),
        ne(paymentNotifications.providerPaymentId, order.providerPaymentId),
      ),
    )
    .orderBy(asc(paymentNotifications.id));
  return [...new Set(rows.flatMap((row) => (row.paymentId ? [row.paymentId] : [])))];
}

/** Whether an order holds money that staff may give back, and why not when it does not. */
function refusal(order: OrderRow, pending: boolean): string | null {
  if (pending || order.status === 'REFUND_PENDING')
    return 'A refund of this order is already waiting for the payment provider';
  if (order.status === 'REFUNDED') return 'The order was already refunded';
  if (order.status === 'PAID')
    return 'The order is being delivered; retry or refund it once its delivery has ended';
  const latePayment = order.needsReview && LATE_PAYMENT_STATES.includes(order.status);
  if (!REFUNDABLE_STATES.includes(order.status) && !latePayment) return 'The order was never paid';
  if (!order.providerPaymentId) return 'The order has no payment at the provider';
  return null;
}

export interface RefundRequest {
  orderId: string;
  reason: string;
  /** Bani; the whole amount still refundable when absent. */
  amountBani?: number;
  /** Which payment: the invoiced one (the default), or the duplicate of an order paid twice. */
  payment?: 'INVOICED' | 'DUPLICATE';
}

export interface RefundResult {
  /** The order's state after the provider's answer: REFUNDED, REFUND_PENDING, or where a partial refund left it. */
  status: OrderStatus;
  refund: RefundView;
}

/**
 * Gives an order's money back through the provider, for a staff member with PAYMENT_REFUND. 404 for no such order,
 * 409 when it holds no money to give back (never paid, refunded, a refund pending, still being delivered) or when
 * the provider refuses, 422 for an amount above what is refundable. When the provider does not answer, the refund
 * stays pending: its notification or the reconciler settles it, and staff are alerted. When the provider has
 * answered but the database is away as its answer is recorded, the money has moved all the same: staff get the
 * refund as pending (200, never a 503 that invites a second attempt) and the reconciler records the provider's word
 * once the database is back.
 */
export async function refundOrder(
  db: Db,
  staff: Pick<Principal, 'id' | 'username'>,
  request: RefundRequest,
  gateway: PaymentGateway = getPaymentGateway(),
): Promise<RefundResult> {
  const { refund, order, moved } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    if (!order) throw new ApiError('NOT_FOUND', `There is no order ${request.orderId}`);
    const [pending] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'PENDING')));
    let payment: string | null = null;
    if (request.payment === 'DUPLICATE') {
      // The duplicate's money was never invoiced nor delivered for: whatever the order's state, it may go back.
      if (pending)
        throw new ApiError('CONFLICT', 'A refund of this order is already waiting for the payment provider');
      for (const duplicate of await duplicatePaymentsOf(tx, order))
        if ((await refundedBani(tx, order.id, duplicate)) < order.amountBani) {
          payment = duplicate;
          break;
        }
      if (!payment) throw new ApiError('CONFLICT', 'The order has no second payment left to give back');
    } else {
      const refused = refusal(order, Boolean(pending));
      if (refused) throw new ApiError('CONFLICT', refused);
    }
    const refundable = order.amountBani - (await refundedBani(tx, order.id, payment));
    if (refundable <= 0) throw new ApiError('CONFLICT', 'Nothing is left to refund on this order');
    const amountBani = request.amountBani ?? refundable;
    if (amountBani > refundable) {
      throw new ApiError('VALIDATION', 'The amount is more than what is left to refund', [
        { path: 'amountRon', code: 'amountTooLarge', message: `At most ${refundable} bani can be refunded` },
      ]);
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amountBani,
        reason: request.reason,
        origin: 'STAFF',
        previousStatus: order.status,
        requestedBy: staff.username,
        providerPaymentId: payment,
      })
      .returning();
    const event = {
      reason: `refund of ${amountBani} bani${payment ? ` of the duplicate payment ${payment}` : ''} requested: ${request.reason}`,
      actor: staff.username,
      code: 'refund.requested' as const,
      params: { amount: amountBani },
    };
    // A duplicate's refund leaves the order as it is: its goods and invoice stand.
    const moved =
      !payment && REFUNDABLE_STATES.includes(order.status)
        ? await transitionOrder(tx, { orderId: order.id, to: 'REFUND_PENDING', ...event })
        : null;
    if (!moved) await recordOrderEvent(tx, order.id, event);
    await recordAudit(tx, staff, {
      action: 'payment.refund',
      target: order.id,
      details: { amountBani, reason: request.reason, ...(payment ? { duplicatePayment: payment } : {}) },
    });
    return { refund: refund!, order, moved: Boolean(moved) };
  });
  announceOrderChange(order.id);

  const outcome = await creditPayment(gateway.transport, {
    ntpId: refund.providerPaymentId ?? order.providerPaymentId!,
    amountBani: refund.amountBani,
  });
  try {
    if (outcome.kind === 'CREDITED') {
      await settleRefund(db, refund.id, { confirmed: true, answer: 'credited', actor: 'provider' });
    } else if (outcome.kind === 'REFUSED') {
      await settleRefund(db, refund.id, {
        confirmed: false,
        answer: `${outcome.code}: ${outcome.message}`,
        actor: 'provider',
      });
    } else {
      logger.warn(
        { orderId: order.id, refundId: refund.id, reason: outcome.message },
        'refund outcome unknown',
      );
      await db.transaction(async (tx) => {
        await tx
          .update(refunds)
          .set({ providerAnswer: `no answer: ${outcome.message}` })
          .where(eq(refunds.id, refund.id));
        await queueStaffAlert(tx, order.id, 'REFUND_PENDING', outcome.message);
      });
      kick('mail');
    }
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // The provider's word is not lost: the refund stays PENDING, and the reconciler asks the provider again.
    logger.warn(
      { err: error, orderId: order.id, refundId: refund.id, outcome: outcome.kind },
      'refund answered by the provider, not yet recorded: the database is away; the reconciler records it',
    );
    if (outcome.kind !== 'REFUSED')
      return { status: moved ? 'REFUND_PENDING' : order.status, refund: refundView(refund, null) };
  }
  if (outcome.kind === 'REFUSED')
    throw new ApiError(
      'CONFLICT',
      `The payment provider refused the refund (${outcome.code}: ${outcome.message})`,
    );
  const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
  const settled = (await refundsOf(db, order.id)).find((view) => view.id === refund.id)!;
  return { status: after!.status, refund: settled };
}

/**
 * Settles a pending refund with the provider's word. Returns false when it was settled already (the answer, the
 * notification and the reconciler race; the first wins, the others change nothing).
 */
export async function settleRefund(
  db: Db,
  refundId: number,
  outcome: { confirmed: boolean; answer: string; actor: string },
): Promise<boolean> {
  const settled = await db.transaction(async (tx) => {
    const [pending] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!pending) return null;
    // The order's lock first, as every change of an order takes it: then the refund's conditional update.
    const order = await lockOrder(tx, pending.orderId);
    const [refund] = await tx
      .update(refunds)
      .set({
        status: outcome.confirmed ? 'CONFIRMED' : 'REFUSED',
        providerAnswer: outcome.answer,
        settledAt: new Date(),
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PENDING')))
      .returning();
    if (!refund || !order) return null;
    if (outcome.confirmed) {
      await confirmRefund(tx, order, refund, outcome.actor);
    } else {
      const event = {
        reason: `refund refused by the provider: ${outcome.answer}`,
        actor: outcome.actor,
        code: 'refund.refused' as const,
        params: { message: outcome.answer },
      };
      const back =
        order.status === 'REFUND_PENDING'
          ? await transitionOrder(tx, { orderId: order.id, to: refund.previousStatus, ...event })
          : null;
      if (!back) await recordOrderEvent(tx, order.id, event);
    }
    return order.id;
  });
  if (!settled) return false;
  announceOrderChange(settled);
  kick('mail');
  kick('efactura');
  return true;
}

/**
 * What a confirmed refund does to its order, in the settling transaction: the credit note (if the order was
 * invoiced), the order's state, the buyer's e-mail.
 */
async function confirmRefund(
  tx: Executor,
  order: OrderRow,
  refund: RefundRow,
  actor: string,
  code?: OrderEventCode,
): Promise<void> {
  if (refund.providerPaymentId) {
    await confirmDuplicateRefund(tx, order, refund, actor);
    return;
  }
  const full = (await refundedBani(tx, order.id)) >= order.amountBani;
  const creditNote = await creditRefund(tx, order, refund);
  const event = {
    reason: `${full ? 'refunded' : 'partly refunded'}: ${refund.amountBani} bani${
      creditNote ? `, credit note ${creditNote}` : ''
    }`,
    actor,
    code:
      code ??
      (refund.origin === 'PROVIDER' ? 'refund.provider' : full ? 'refund.confirmed' : 'refund.partial'),
    params: { amount: refund.amountBani, ...(creditNote ? { creditNote } : {}) },
  };
  const target: OrderStatus = full ? 'REFUNDED' : refund.previousStatus;
  const moved =
    target !== order.status ? await transitionOrder(tx, { orderId: order.id, to: target, ...event }) : null;
  if (!moved) await recordOrderEvent(tx, order.id, event);
  // All the money is back: nothing about this order is left for a person (a late payment, a chargeback).
  if (full && order.needsReview)
    await tx.update(orders).set({ needsReview: false, updatedAt: new Date() }).where(eq(orders.id, order.id));
  await tx.insert(outbox).values({ kind: 'REFUND_CONFIRMATION', orderId: order.id, refundId: refund.id });
}

/**
 * A confirmed refund of a duplicate payment: money that was never invoiced, so no credit note, and the order stays
 * where it is; once the duplicate is all given back, nothing about the double payment is left for a person. The
 * buyer's refund e-mail goes as for any refund.
 */
async function confirmDuplicateRefund(tx: Executor, order: OrderRow, refund: RefundRow, actor: string) {
  const full = (await refundedBani(tx, order.id, refund.providerPaymentId)) >= order.amountBani;
  await recordOrderEvent(tx, order.id, {
    reason: `duplicate payment ${refund.providerPaymentId} ${full ? 'refunded' : 'partly refunded'}: ${refund.amountBani} bani, no credit note`,
    actor,
    code: refund.origin === 'PROVIDER' ? 'refund.provider' : 'refund.partial',
    params: { amount: refund.amountBani },
  });
  if (full && order.needsReview)
    await tx.update(orders).set({ needsReview: false, updatedAt: new Date() }).where(eq(orders.id, order.id));
  await tx.insert(outbox).values({ kind: 'REFUND_CONFIRMATION', orderId: order.id, refundId: refund.id });
}

/** The credit note of a confirmed refund, numbered in its series; none for an order that was never invoiced. */
async function creditRefund(tx: Executor, order: OrderRow, refund: RefundRow): Promise<string | null> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
  if (!invoice) return null;
  const note = await issueCreditNote(tx, {
    orderId: order.id,
    kind: order.kind,
    invoice,
    totalBani: refund.amountBani,
    reason: refund.reason,
    refundId: refund.id,
  });
  await queueEfacturaSubmission(tx, {
    orderId: order.id,
    invoiceId: invoice.id,
    creditNoteId: note.id,
    issuedAt: note.issuedAt,
  });
  return formatInvoiceNumber(note.series, note.year, note.number);
}

/** The provider statuses that give money back: a credit (8) and an accepted chargeback (10). */
export const isCreditStatus = (status: number) =>
  status === NETOPIA_STATUS.CREDIT || status === NETOPIA_STATUS.CHARGEBACK_ACCEPT;

/**
 * Applies what the provider reports of the money given back on an order (its notification with status 8 or 10, or
 * its status answer): `creditedBani` is what it has given back in all. A pending staff refund that this covers is
 * confirmed; money given back beyond what the shop knows is a PROVIDER refund (the provider's back-office, a
 * chargeback), confirmed at once. A chargeback opened (9) flags the order for staff. Returns whether anything changed.
 */
export async function applyProviderRefund(
  db: Db,
  orderId: string,
  /** `paymentId`: the provider's id of the payment the money came from, when the report names one. */
  report: { status: number; creditedBani: number; actor: string; paymentId?: string },
): Promise<boolean> {
  const changedOrder = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return false;
    if (report.status === NETOPIA_STATUS.CHARGEBACK_INIT) {
      if (order.needsReview) return false;
      await tx
        .update(orders)
        .set({ needsReview: true, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      await recordOrderEvent(tx, order.id, {
        reason: 'chargeback opened by the buyer’s bank',
        actor: report.actor,
        code: 'chargeback.opened',
      });
      await queueStaffAlert(tx, order.id, 'CHARGEBACK');
      return true;
    }
    if (!isCreditStatus(report.status)) return false;
    // Money given back from a duplicate payment is booked on it, never on the invoiced one (no credit note).
    const payment =
      report.paymentId &&
      report.paymentId !== order.providerPaymentId &&
      (await duplicatePaymentsOf(tx, order)).includes(report.paymentId)
        ? report.paymentId
        : null;
    const confirmed = await refundedBani(tx, order.id, payment);
    const [pending] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'PENDING'), ofPayment(payment)))
      .orderBy(asc(refunds.id));
    if (pending) {
      // Ours, confirmed by the provider's word: the same settlement as its direct answer.
      if (report.creditedBani < confirmed + pending.amountBani) return false;
      const [refund] = await tx
        .update(refunds)
        .set({
          status: 'CONFIRMED',
          providerAnswer: `provider status ${report.status}`,
          settledAt: new Date(),
        })
        .where(and(eq(refunds.id, pending.id), eq(refunds.status, 'PENDING')))
        .returning();
      await confirmRefund(tx, order, refund!, report.actor);
      return true;
    }
    const newly = Math.min(report.creditedBani, order.amountBani) - confirmed;
    if (newly <= 0) return false;
    const chargeback = report.status === NETOPIA_STATUS.CHARGEBACK_ACCEPT;
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amountBani: newly,
        reason: chargeback ? 'chargeback accepted' : 'refunded at the payment provider',
        origin: 'PROVIDER',
        status: 'CONFIRMED',
        previousStatus: order.status,
        requestedBy: report.actor,
        providerAnswer: `provider status ${report.status}`,
        settledAt: new Date(),
        providerPaymentId: payment,
      })
      .returning();
    await confirmRefund(tx, order, refund!, report.actor, chargeback ? 'chargeback.accepted' : undefined);
    return true;
  });
  if (changedOrder) {
    announceOrderChange(orderId);
    kick('mail');
    kick('efactura');
  }
  return changedOrder;
}

/** An order's refunds, oldest first, each with the number of its credit note. */
export async function refundsOf(executor: Executor, orderId: string) {
  const rows = await executor
    .select({ refund: refunds, creditNote: creditNotes })
    .from(refunds)
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));
  return rows.map(({ refund, creditNote }) => refundView(refund, creditNote));
}

/** A refund as staff see it, with the number of its credit note. */
function refundView(refund: RefundRow, creditNote: typeof creditNotes.$inferSelect | null) {
  return {
    id: refund.id,
    amountRon: refund.amountBani,
    reason: refund.reason,
    origin: refund.origin,
    status: refund.status,
    requestedBy: refund.requestedBy,
    providerAnswer: refund.providerAnswer,
    createdAt: refund.createdAt.toISOString(),
    settledAt: refund.settledAt?.toISOString() ?? null,
    creditNote: creditNote
      ? {
          id: creditNote.id,
          number: formatInvoiceNumber(creditNote.series, creditNote.year, creditNote.number),
        }
      : null,
  };
}

export type RefundView = ReturnType<typeof refundView>;

/**
 * The duplicate payments of an order paid twice as staff see them (oldest first): each one's provider id, its amount
 * (the order's, in bani), what was given back of it and what is left. `refundableRon` is 0 while any refund of the
 * order waits for the provider, as {@link refundOrder} refuses another then.
 */
export async function duplicatePaymentsView(executor: Executor, order: OrderRow) {
  const duplicates = await duplicatePaymentsOf(executor, order);
  if (duplicates.length === 0) return [];
  const [pending] = await executor
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'PENDING')));
  return Promise.all(
    duplicates.map(async (paymentId) => {
      const refundedRon = await refundedBani(executor, order.id, paymentId);
      return {
        paymentId,
        amountRon: order.amountBani,
        refundedRon,
        refundableRon: pending ? 0 : Math.max(0, order.amountBani - refundedRon),
      };
    }),
  );
}

/** What is left to give back of an order from the back-office, in bani: 0 when it holds no refundable money. */
export async function refundableOf(executor: Executor, order: OrderRow): Promise<number> {
  const [pending] = await executor
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'PENDING')));
  if (refusal(order, Boolean(pending))) return 0;
  return Math.max(0, order.amountBani - (await refundedBani(executor, order.id)));
}
