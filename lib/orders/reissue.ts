import 'server-only';

import { eq } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { invoices, outbox } from '@/lib/db/schema';
import { queueEfacturaSubmission } from '@/lib/efactura/submissions-queue';
import { frozenInvoiceDocument } from '@/lib/invoices/frozen';
import { issueCreditNote, issueInvoice } from '@/lib/invoices/issue';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import type { MailKind } from '@/lib/mail/mail-kinds';
import { invoicedOrderOf } from './order-document';
import { recordOrderEvent, type OrderRow } from './orders';

/** The outbox kind of the buyer's e-mail with a storno and the invoice that replaces the one it reverses. */
export const INVOICE_REISSUED = 'INVOICE_REISSUED' satisfies MailKind;

export interface ReissuedInvoice {
  /** The invoice replaced, which stays as it was issued. */
  replaced: { id: number; number: string };
  /** The storno (credit note) of the whole replaced invoice. */
  creditNote: { id: number; number: string };
  /** The new invoice, with a new number, stating the order as it is now. */
  invoice: { id: number; number: string };
}

/**
 * Replaces an order's invoice after a correction of what it states (a plate, the buyer's billing data), as Romanian
 * accounting does: the issued invoice is never changed; a credit note (storno) reverses it whole and a new invoice,
 * with the next number, states the order as it now is, for the same amounts. Both are queued for RO e-Factura, the
 * order's history records them and the buyer is e-mailed both (outbox {@link INVOICE_REISSUED}); the caller kicks the
 * `efactura` and `mail` jobs after the commit. Call it in the correcting transaction, holding the order's row lock,
 * after the order was changed. Returns null when the order has no invoice (never paid): nothing was issued to correct.
 *
 * `why` is the correction in Romanian, printed on the storno: `corectarea numărului de înmatriculare …`.
 */
export async function reissueInvoice(
  tx: Executor,
  order: OrderRow,
  { why, actor, now = new Date() }: { why: string; actor: string; now?: Date },
): Promise<ReissuedInvoice | null> {
  const [replaced] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id)).for('update');
  if (!replaced) return null;
  // What the storno reverses is what the replaced invoice stated when it was issued.
  const stated = await frozenInvoiceDocument(tx, replaced);
  const facts = await invoicedOrderOf(tx, order.id);
  // `order_id` names the order's current invoice (it is unique): the replaced one gives it up for the new one.
  await tx
    .update(invoices)
    .set({ orderId: null, replacedOrderId: order.id })
    .where(eq(invoices.id, replaced.id));
  const replacement = await issueInvoice(
    tx,
    { order: facts, kind: order.kind, totalBani: order.amountBani },
    { now, replaces: replaced },
  );
  await tx.update(invoices).set({ replacedById: replacement.id }).where(eq(invoices.id, replaced.id));

  const replacedNumber = formatInvoiceNumber(replaced.series, replaced.year, replaced.number);
  const replacementNumber = formatInvoiceNumber(replacement.series, replacement.year, replacement.number);
  const note = await issueCreditNote(tx, {
    orderId: order.id,
    kind: order.kind,
    // The storno reverses what the replaced invoice stated when it was issued.
    invoice: { ...replaced, snapshot: stated },
    reason: `Stornarea integrală a facturii ${replacedNumber}, înlocuită de factura ${replacementNumber}: ${why}`,
    refundId: null,
    replacementInvoiceId: replacement.id,
    now,
  });
  const creditNoteNumber = formatInvoiceNumber(note.series, note.year, note.number);

  // The storno goes to ANAF before the invoice that replaces it.
  await queueEfacturaSubmission(tx, {
    orderId: order.id,
    invoiceId: replaced.id,
    creditNoteId: note.id,
    issuedAt: now,
  });
  await queueEfacturaSubmission(tx, { orderId: order.id, invoiceId: replacement.id, issuedAt: now });
  await recordOrderEvent(tx, order.id, {
    reason: `invoice ${replacedNumber} reversed by ${creditNoteNumber} and replaced by ${replacementNumber}`,
    actor,
    code: 'invoice.reissued',
    params: { replaced: replacedNumber, creditNote: creditNoteNumber, invoice: replacementNumber },
  });
  await tx.insert(outbox).values({
    kind: INVOICE_REISSUED,
    orderId: order.id,
    details: { creditNoteId: String(note.id), invoiceId: String(replacement.id) },
  });
  return {
    replaced: { id: replaced.id, number: replacedNumber },
    creditNote: { id: note.id, number: creditNoteNumber },
    invoice: { id: replacement.id, number: replacementNumber },
  };
}
