import 'server-only';

import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/auth/audit';
import { ApiError } from '@/lib/api/errors';
import type { Principal } from '@/lib/auth/guard';
import type { Db, Executor } from '@/lib/db/client';
import { orderItems, orders, outbox } from '@/lib/db/schema';
import { reissueInvoice } from './reissue';
import { IssueError } from '@/lib/issuers/vignette-issuer';
import { requeuedNames, requeueDeadLetters } from '@/lib/mail/dead-letters';
import { kick } from '@/lib/server/jobs';
import { isRegistrationCountry } from '@/lib/vignettes/countries';
import { checkPlate } from '@/lib/vignettes/plate';
import { checkCorrection, type CorrectionRefusal } from '@/lib/vignettes/plate-correction';
import type { InvoiceData } from '@/lib/db/invoice-data';
import type { ItemCorrectionBody } from '@/lib/validations/order-actions';
import { fulfilOrder } from './fulfilment';
import type { Deliverers } from '@/lib/issuers/deliverers';
import { announceOrderChange } from './order-events';
import { lockOrder, recordOrderEvent, transitionOrder, type OrderRow } from './orders';
import type { OrderStatus } from './status';

/*
 * What staff do to an order that went wrong (docs/domain.md, Settling orders): send a failed delivery again, correct
 * a vignette, change the buyer's e-mail, send the confirmation again, cancel an unpaid order. Each checks the order's
 * state under its row lock, changes it, records the order's event and the audit entry in one transaction.
 */

type Staff = Pick<Principal, 'id' | 'username'>;

async function lockOrderOrThrow(tx: Executor, orderId: string): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new ApiError('NOT_FOUND', `There is no order ${orderId}`);
  return order;
}

const conflict = (message: string) => new ApiError('CONFLICT', message);

/**
 * Sends a FULFILLMENT_FAILED order back to delivery with fresh attempts, and tries it at once: the answer says
 * whether it is FULFILLED now, still PAID (a provider failed again; the delivery job keeps trying), or failed again.
 */
export async function retryDelivery(
  db: Db,
  staff: Staff,
  orderId: string,
  deliverers: Deliverers,
): Promise<{ status: OrderStatus }> {
  await db.transaction(async (tx) => {
    const order = await lockOrderOrThrow(tx, orderId);
    if (order.status !== 'FULFILLMENT_FAILED')
      throw conflict('Only an order whose delivery failed can be delivered again');
    await transitionOrder(tx, {
      orderId,
      to: 'PAID',
      reason: 'delivery retried by staff',
      actor: staff.username,
      code: 'delivery.retried',
    });
    await tx
      .update(orderItems)
      .set({ issueAttempts: 0 })
      .where(and(eq(orderItems.orderId, orderId)));
    await recordAudit(tx, staff, { action: 'payment.retryDelivery', target: orderId });
  });
  announceOrderChange(orderId);
  const [paid] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (paid?.status === 'PAID' && (await fulfilOrder(db, deliverers, paid))) kick('mail');
  const [after] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return { status: after!.status };
}

/** States in which a vignette may be corrected: its delivery failed, or it was delivered. */
const CORRECTABLE: readonly OrderStatus[] = ['FULFILLMENT_FAILED', 'FULFILLED'];

const invalid = (path: 'plate' | 'country', code: string, message: string) =>
  new ApiError('VALIDATION', message, [{ path, code, message }]);

/** The item and the correction staff asked for, checked against the order as it is read through `tx`. */
async function checkedCorrection(tx: Executor, body: ItemCorrectionBody, now: Date) {
  const order = await lockOrderOrThrow(tx, body.orderId);
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, body.itemId), eq(orderItems.orderId, order.id)));
  if (!item) throw new ApiError('NOT_FOUND', `Order ${order.id} has no item ${body.itemId}`);
  if (order.kind !== 'VIGNETTE' || !item.plate || !item.country)
    throw conflict('Only a vignette has a plate to correct');
  if (!CORRECTABLE.includes(order.status))
    throw conflict('A vignette is corrected once its delivery has failed or succeeded');

  const country = (body.country ?? item.country).toUpperCase();
  if (!isRegistrationCountry(country)) throw invalid('country', 'countryInvalid', 'Unknown country');
  const checked = checkPlate(body.plate ?? item.plate, country);
  if (!checked.ok) throw invalid('plate', 'plateInvalid', `The plate does not fit ${country}'s format`);
  const from = { plate: item.plate, country: item.country };
  const to = { plate: checked.plate, country };
  const issued = item.issuedId !== null;
  const refusal = checkCorrection({ from, to, issued, purchasedAt: order.createdAt, now });
  if (refusal) throw invalid('plate', refusal, correctionMessages[refusal]);
  return { order, item, from, to, issued };
}

/**
 * Corrects a vignette's plate or country. Not yet issued: the new values are checked as an order's are and the
 * item gets a new revision (its next delivery is a new request to the issuer). Issued: the issuer corrects it under
 * its rules (at most 3 characters, within 60 days), and the buyer is sent the confirmation again with the
 * corrected vignette. The issuer is asked between two transactions, never inside one: a call over the network must
 * not hold the order's lock (nor the embedded database, which the in-process sandbox issuer shares); the second
 * transaction applies the correction only if the item is still as it was checked.
 */
export async function correctItem(
  db: Db,
  staff: Staff,
  body: ItemCorrectionBody,
  deliverers: Deliverers,
  now = new Date(),
) {
  const planned = await db.transaction((tx) => checkedCorrection(tx, body, now));
  if (planned.issued) {
    try {
      await deliverers.vignettes.correct({
        issuedId: planned.item.issuedId!,
        from: planned.from,
        to: planned.to,
        purchasedAt: planned.order.createdAt,
      });
    } catch (error) {
      if (error instanceof IssueError && !error.temporary)
        throw invalid('plate', 'correctionRefused', error.message);
      throw new ApiError(
        'UNAVAILABLE',
        'The vignette issuer cannot be reached; try again in a few minutes',
        [],
        {
          retryAfterSeconds: 60,
        },
      );
    }
  }
  const result = await db.transaction(async (tx) => {
    const { order, item, from, to, issued } = await checkedCorrection(tx, body, now);
    // Changed by someone else while the issuer was asked: the issuer already holds `to` (asked again, it answers
    // the vignette as it is), so staff look at the order again rather than have it overwritten.
    if (
      item.revision !== planned.item.revision ||
      item.issuedId !== planned.item.issuedId ||
      to.plate !== planned.to.plate ||
      to.country !== planned.to.country
    )
      throw conflict('The vignette changed while it was being corrected; open the order again');
    const [updated] = await tx
      .update(orderItems)
      .set({ plate: to.plate, country: to.country, revision: item.revision + 1 })
      .where(eq(orderItems.id, item.id))
      .returning();
    await recordOrderEvent(tx, order.id, {
      reason: `vignette ${item.position + 1} corrected: ${from.plate} (${from.country}) → ${to.plate} (${to.country})`,
      actor: staff.username,
      code: 'item.corrected',
      params: { position: item.position, plate: to.plate, country: to.country },
    });
    await recordAudit(tx, staff, {
      action: 'payment.correctItem',
      target: order.id,
      details: { itemId: item.id, from: `${from.plate} ${from.country}`, to: `${to.plate} ${to.country}` },
    });
    // The invoice states the plate: it is never changed, but reversed by a storno and replaced by a new one.
    const reissued = await reissueInvoice(tx, order, {
      why: `corectarea vinietei ${item.position + 1}: ${from.plate} (${from.country}) → ${to.plate} (${to.country})`,
      actor: staff.username,
      now,
    });
    // The buyer's confirmation must show the vignette as it now is.
    if (issued && order.status === 'FULFILLED')
      await tx.insert(outbox).values({ kind: 'ORDER_CONFIRMATION', orderId: order.id });
    return {
      updated: { ...updated!, ...to },
      mailed: reissued !== null || (issued && order.status === 'FULFILLED'),
      reissued,
    };
  });
  if (result.reissued) kick('efactura');
  if (result.mailed) kick('mail');
  announceOrderChange(body.orderId);
  const { updated, reissued } = result;
  return {
    /** The storno and the new invoice the correction issued; null for an order never invoiced. */
    documents: reissued,
    item: {
      id: updated.id,
      plate: updated.plate,
      country: updated.country,
      revision: updated.revision,
      reference: updated.issuedId,
    },
  };
}

const correctionMessages: Record<CorrectionRefusal, string> = {
  nothingChanged: 'The plate and country are the same as before',
  correctionTooLarge: 'An issued vignette may change by at most 3 characters',
  correctionTooLate: 'An issued vignette may be corrected only within 60 days of its purchase',
};

/**
 * Changes the buyer's e-mail address: where the confirmation, the invoice and any refund are sent from now on. It
 * changes no issued document: an invoice states what it stated when it was issued (the e-mail shown on it is the one
 * the buyer gave then), and the address is the order's contact, not a correction of the sale.
 */
export async function changeOrderEmail(db: Db, staff: Staff, orderId: string, email: string) {
  await db.transaction(async (tx) => {
    const order = await lockOrderOrThrow(tx, orderId);
    if (order.email === email) return;
    await tx.update(orders).set({ email, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await recordOrderEvent(tx, orderId, {
      reason: 'buyer e-mail changed by staff',
      actor: staff.username,
      code: 'order.emailChanged',
      params: { from: order.email, to: email },
    });
    await recordAudit(tx, staff, {
      action: 'payment.changeEmail',
      target: orderId,
      details: { from: order.email, to: email },
    });
  });
  return { email };
}

/**
 * Corrects whom the order's invoice names (the buyer's billing data). Before payment only the order changes: the
 * invoice issued at payment will state it. After, the issued invoice is reversed by a storno and replaced by a new
 * invoice stating the corrected data (lib/orders/reissue.ts). An order refunded in full has nothing left invoiced to
 * restate: 409.
 */
export async function correctBillingData(
  db: Db,
  staff: Staff,
  orderId: string,
  invoiceData: InvoiceData,
  now = new Date(),
) {
  const result = await db.transaction(async (tx) => {
    const order = await lockOrderOrThrow(tx, orderId);
    if (order.status === 'REFUNDED') throw conflict('A refunded order has no invoice left to correct');
    if (isDeepStrictEqual(order.invoiceData, invoiceData)) return { changed: false, reissued: null };
    await tx.update(orders).set({ invoiceData, updatedAt: now }).where(eq(orders.id, orderId));
    await recordOrderEvent(tx, orderId, {
      reason: 'billing data corrected by staff',
      actor: staff.username,
      code: 'order.billingCorrected',
      params: { name: invoiceData.name },
    });
    await recordAudit(tx, staff, {
      action: 'payment.correctBilling',
      target: orderId,
      details: { from: order.invoiceData?.name ?? order.email, to: invoiceData.name },
    });
    const reissued = await reissueInvoice(
      tx,
      { ...order, invoiceData },
      {
        why: 'corectarea datelor de facturare ale cumpărătorului',
        actor: staff.username,
        now,
      },
    );
    return { changed: true, reissued };
  });
  if (result.reissued) {
    kick('efactura');
    kick('mail');
  }
  if (result.changed) announceOrderChange(orderId);
  return { invoice: invoiceData, documents: result.reissued };
}

/**
 * Queues the confirmation with its invoice again, to the order's address or to `to`: a staff re-send has no
 * interval (the buyer's button has one), since staff answer a buyer who did not get it.
 *
 * When the order has e-mails given up after every retry (dead letters, lib/mail/dead-letters.ts), those are requeued
 * instead, whatever the order's state: fresh attempts from now, with the same Message-ID, their last error kept
 * until they are sent; a new confirmation is queued besides only when staff name another address.
 */
export async function resendConfirmationByStaff(db: Db, staff: Staff, orderId: string, to?: string) {
  const result = await db.transaction(async (tx) => {
    const order = await lockOrderOrThrow(tx, orderId);
    const requeued = await requeueDeadLetters(tx, orderId);
    if (requeued.length) {
      await recordAudit(tx, staff, {
        action: 'payment.mailRetry',
        target: orderId,
        details: { messages: requeuedNames(requeued) },
      });
      await recordOrderEvent(tx, orderId, {
        reason: `${requeued.length} undelivered e-mail(s) queued again by staff`,
        actor: staff.username,
        code: 'mail.requeued',
        params: { count: requeued.length },
      });
      if (!to) return { to: order.email, requeued: requeued.length };
    }
    if (order.status !== 'FULFILLED') throw conflict('The confirmation is sent once the order was delivered');
    await tx.insert(outbox).values({ kind: 'ORDER_CONFIRMATION', orderId, recipient: to ?? null });
    // Who sent what, and when, is part of the order's history as well as the audit log: the next person the buyer
    // calls sees that the confirmation already went again, and where.
    await recordOrderEvent(tx, orderId, {
      reason: 'confirmation sent again by staff',
      actor: staff.username,
      code: 'mail.resent',
      params: { to: to ?? order.email },
    });
    await recordAudit(tx, staff, {
      action: 'payment.resend',
      target: orderId,
      details: { to: to ?? order.email },
    });
    return { to: to ?? order.email, requeued: requeued.length };
  });
  kick('mail');
  return { queued: true as const, ...result };
}

/**
 * Cancels an order still waiting for its payment. A payment that arrives after all is kept and flagged for staff
 * (lib/payments/notifications.ts), never lost.
 */
export async function cancelPendingOrder(db: Db, staff: Staff, orderId: string) {
  await db.transaction(async (tx) => {
    const order = await lockOrderOrThrow(tx, orderId);
    if (order.status !== 'PENDING_PAYMENT')
      throw conflict('Only an order waiting for its payment can be cancelled');
    await transitionOrder(tx, {
      orderId,
      to: 'CANCELED',
      reason: 'cancelled by staff',
      actor: staff.username,
      code: 'order.canceled',
    });
    await recordAudit(tx, staff, { action: 'payment.cancel', target: orderId });
  });
  announceOrderChange(orderId);
  return { status: 'CANCELED' as const };
}
