import 'server-only';

import { and, eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/auth/audit';
import { ApiError } from '@/lib/api/errors';
import type { Principal } from '@/lib/auth/guard';
import type { Db } from '@/lib/db/client';
import { invoices, orderItems, orders } from '@/lib/db/schema';
import { frozenInvoiceDocument } from '@/lib/invoices/frozen';
import { invoiceStatesPhone } from '@/lib/invoices/order-invoice';
import { kick } from '@/lib/server/jobs';
import { announceOrderChange } from './order-events';
import { lockOrder, recordOrderEvent } from './orders';
import { reissueInvoice } from './reissue';

const conflict = (message: string) => new ApiError('CONFLICT', message);

/**
 * Corrects the phone number of a top-up whose delivery failed (the buyer mistyped it), as staff correct the plate of
 * a vignette not issued yet: the item gets the new number and a new revision, so that the next delivery (staff's
 * retry) is a new request to the provider under a new key. Refused for a top-up delivered (its credit is on the old
 * number) or one whose last request has no known outcome (it may have reached the old number: a retry looks it up
 * first). `phone` is E.164, as the order form stores it.
 */
export async function correctTopUpPhone(
  db: Db,
  staff: Pick<Principal, 'id' | 'username'>,
  { orderId, itemId, phone }: { orderId: string; itemId: number; phone: string },
) {
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new ApiError('NOT_FOUND', `There is no order ${orderId}`);
    const [item] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
    if (!item) throw new ApiError('NOT_FOUND', `Order ${orderId} has no item ${itemId}`);
    if (order.kind !== 'TOPUP' || !item.phone) throw conflict('Only a top-up has a phone number to correct');
    if (order.status !== 'FULFILLMENT_FAILED')
      throw conflict('A top-up’s number is corrected once its delivery has failed');
    if (item.issuedId !== null)
      throw conflict('The top-up was delivered: its credit is on the number it went to');
    if (item.deliveryAskedAt !== null && item.issueError === null)
      throw conflict('The outcome of the last delivery is not known yet: retry the delivery first');
    if (item.phone === phone)
      throw new ApiError('VALIDATION', 'The number is the same as before', [
        { path: 'phone', code: 'phoneUnchanged', message: 'The number is the same as before' },
      ]);

    // What the invoice stated is read before the item changes: an invoice issued before snapshots existed is frozen
    // here, as it was.
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
    const statesNumber = invoice
      ? invoiceStatesPhone(await frozenInvoiceDocument(tx, invoice), item.phone)
      : false;

    const [updated] = await tx
      .update(orderItems)
      .set({ phone, revision: item.revision + 1 })
      .where(eq(orderItems.id, item.id))
      .returning();
    // A top-up order keeps its number on the order too, where the list's search finds it.
    if (order.phone === item.phone)
      await tx.update(orders).set({ phone, updatedAt: new Date() }).where(eq(orders.id, order.id));
    await recordOrderEvent(tx, order.id, {
      reason: `top-up ${item.position + 1} number corrected: ${item.phone} → ${phone}`,
      actor: staff.username,
      code: 'item.phoneCorrected',
      params: { position: item.position, from: item.phone, to: phone },
    });
    await recordAudit(tx, staff, {
      action: 'payment.correctPhone',
      target: order.id,
      details: { itemId: item.id, from: item.phone, to: phone },
    });
    const reissued = statesNumber
      ? await reissueInvoice(tx, order, {
          why: `corectarea numărului reîncărcării ${item.position + 1}: ${item.phone} → ${phone}`,
          actor: staff.username,
        })
      : null;
    return { updated: updated!, reissued };
  });
  if (result.reissued) {
    kick('efactura');
    kick('mail');
  }
  announceOrderChange(orderId);
  const { updated, reissued } = result;
  return {
    /** The storno and the new invoice the correction issued; null when no invoice stated the number. */
    documents: reissued,
    item: { id: updated.id, phone: updated.phone, revision: updated.revision, reference: updated.issuedId },
  };
}
