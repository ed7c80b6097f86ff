import 'server-only';

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orderEvents, outbox, type invoices } from '@/lib/db/schema';
import { DEAD_LETTER } from '@/lib/mail/dead-letters';
import { efacturaOfOrder, type EfacturaView } from '@/lib/efactura/submissions';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { duplicatePaymentsView, refundableOf, refundsOf, type RefundView } from '@/lib/payments/refunds';
import { attentionReasonsOf } from '@/lib/orders/attention';
import {
  currentInvoiceOf,
  loadOrderWithDocuments,
  vignetteOf,
  type LoadedOrder,
  type OrderWithDocuments,
} from '@/lib/orders/order-read';

/** A refund as staff see it: its credit note with the note's RO e-Factura submission (none before e-Factura). */
type StaffRefund = Omit<RefundView, 'creditNote'> & {
  creditNote: (NonNullable<RefundView['creditNote']> & { efactura?: EfacturaView | null }) | null;
};

/** A PIN shown to staff: enough to match what a buyer reads out, not enough to redeem it. */
const maskPin = (pin: string) => `${'•'.repeat(Math.max(pin.length - 4, 0))}${pin.slice(-4)}`;

/**
 * Everything staff need about one transaction
 * (`.../transaction/details`, docs/api.md, Transactions, exports and invoices): the order, its items with the
 * providers' references, its invoice (with its RO e-Factura submission, `invoice.efactura`, and each credit note's in
 * its refund) and the full history of its state changes. Null when there is no such order of that kind.
 */
export async function transactionDetails(db: Db, orderId: string, kind: 'VIGNETTE' | 'TOPUP') {
  const loaded = await loadOrderWithDocuments(db, orderId);
  if (!loaded || loaded.order.kind !== kind) return null;
  const invoice = currentInvoiceOf(loaded);
  const [events, refunds, refundableRon, efactura, deadLetters, duplicatePayments] = await Promise.all([
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    refundsOf(db, orderId),
    refundableOf(db, loaded.order),
    efacturaOfOrder(db, orderId),
    db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), DEAD_LETTER))
      .limit(1),
    duplicatePaymentsView(db, loaded.order),
  ]);
  const attentionReasons = attentionReasonsOf(loaded.order, {
    chargeback: events.some((event) => event.code === 'chargeback.opened'),
    refundPending: refunds.some((refund) => refund.status === 'PENDING'),
    efactura: efactura.attention,
    mailUndelivered: deadLetters.length > 0,
  });
  return {
    ...toStaffTransaction(loaded, events, invoice),
    needsAttention: attentionReasons.length > 0,
    attentionReasons,
    refundableRon,
    /** An order paid twice: its payments besides the invoiced one, each refundable without a credit note. */
    duplicatePayments,
    refunds: refunds.map((refund): StaffRefund => ({
      ...refund,
      creditNote: refund.creditNote && {
        ...refund.creditNote,
        efactura: efactura.creditNotes.get(refund.creditNote.id) ?? null,
      },
    })),
    invoice: invoice
      ? {
          id: invoice.id,
          number: formatInvoiceNumber(invoice.series, invoice.year, invoice.number),
          issuedAt: invoice.issuedAt.toISOString(),
          efactura: efactura.invoice,
        }
      : null,
    /** Invoices replaced after a correction, oldest first, each with its storno and the invoice replacing it. */
    corrections: correctionsOf(loaded).map(({ note, replaced, replacement }) => {
      const documentOf = (
        row: { id: number; series: string; year: number; number: number; issuedAt: Date },
        submission: EfacturaView | null | undefined,
      ) => ({
        id: row.id,
        number: formatInvoiceNumber(row.series, row.year, row.number),
        issuedAt: row.issuedAt.toISOString(),
        efactura: submission ?? null,
      });
      return {
        replaced: documentOf(replaced, efactura.invoices.get(replaced.id)),
        creditNote: documentOf(note, efactura.creditNotes.get(note.id)),
        invoice: documentOf(replacement, efactura.invoices.get(replacement.id)),
      };
    }),
  };
}

/** The stornos of an order's replaced invoices (credit notes of no refund), oldest first, with both invoices. */
function correctionsOf({ invoices: documents, creditNotes }: OrderWithDocuments) {
  const invoiceOf = (id: number | null) => documents.find((invoice) => invoice.id === id);
  return creditNotes.flatMap((note) => {
    const replaced = invoiceOf(note.invoiceId);
    const replacement = invoiceOf(note.replacementInvoiceId);
    return replaced && replacement ? [{ note, replaced, replacement }] : [];
  });
}

/**
 * What staff see of an order: everything the buyer gave and every provider's answer, unmasked but for a PIN, which
 * is money.
 */
export function toStaffTransaction(
  { order, items }: LoadedOrder,
  events: (typeof orderEvents.$inferSelect)[],
  invoice: typeof invoices.$inferSelect | undefined,
) {
  return {
    id: order.id,
    reference: order.reference,
    kind: order.kind,
    status: order.status,
    email: order.email,
    phone: order.phone,
    locale: order.locale,
    /** Whom the invoice names, as the buyer gave it (or staff corrected it); null when no invoice data was given. */
    invoiceData: order.invoiceData,
    amountRon: order.amountBani,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    providerPaymentId: order.providerPaymentId,
    needsReview: order.needsReview,
    active: order.active,
    activeBy: order.activeBy,
    activeAt: order.activeAt?.toISOString() ?? null,
    invoiceNumber: invoice ? formatInvoiceNumber(invoice.series, invoice.year, invoice.number) : null,
    items: items.map(({ item, categoryTitle, topUp: bought }) => {
      const delivered = {
        id: item.id,
        revision: item.revision,
        reference: item.issuedId,
        // The attempts counted are the failed ones; the one that delivered the item is an attempt too.
        attempts: item.issueAttempts + (item.issuedId ? 1 : 0),
        lastError: item.issueError,
      };
      if (order.kind === 'VIGNETTE') {
        return {
          categoryCode: item.categoryCode,
          categoryTitle,
          ...vignetteOf(item),
          priceHuf: item.priceHuf,
          priceRon: item.priceBani,
          ...delivered,
        };
      }
      return {
        operatorId: bought?.operator.id,
        operator: bought ? `${bought.operator.name} ${bought.operator.plan}` : undefined,
        productId: item.topUpProductId,
        faceValue: bought ? bought.product.faceValueCents / 100 : undefined,
        currency: 'EUR',
        delivery: bought?.product.delivery,
        phone: item.phone,
        priceRon: item.priceBani,
        ...delivered,
        pin: item.deliveredPin ? maskPin(item.deliveredPin) : null,
        // What the provider charged us, in its currency (minor units), once it delivered and said.
        providerCost:
          item.providerCostMinor !== null && item.providerCostCurrency
            ? { amountMinor: item.providerCostMinor, currency: item.providerCostCurrency }
            : null,
      };
    }),
    events: events.map((event) => ({
      from: event.fromStatus,
      to: event.toStatus,
      reason: event.reason,
      code: event.code,
      params: event.params,
      actor: event.actor,
      at: event.createdAt.toISOString(),
    })),
  };
}
