import 'server-only';

import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '@/lib/db/client';
import { creditNotes, invoices, refunds } from '@/lib/db/schema';
import { isOrderId } from '@/lib/db/order-id';
import { creditNoteDocumentFrom, creditNotePdf, type IssuedCreditNote } from './credit-note';
import type { CreditNoteDocument, SalesInvoiceDocument } from '@/lib/db/document-snapshots';
import type { InvoicedOrder } from './invoiced-order';
import { readOrderFacts } from './order-facts-reader';
import { invoiceDocumentOf, invoicePdf } from './order-invoice';

/*
 * Issued documents are values, not views (docs/decisions/0023-frozen-documents.md): an invoice or credit note is
 * stored as the document it states when it is issued (`snapshot`), and its PDF and XML are made from that, never from
 * the order as it is now. Documents issued before snapshots existed get theirs at their first rendering, from what
 * they stated then, and keep it.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** The order an invoice belongs to, whether it is still the order's current invoice or was replaced. */
export const orderIdOfInvoice = (row: InvoiceRow): string => (row.orderId ?? row.replacedOrderId)!;

/**
 * The invoice an order states, numbered and dated by `issuedAt`. `paidAt` words a vignette's validity as the buyer
 * was told it at payment ("from the payment" on its first day), which a replacement invoice keeps.
 */
export const invoiceDocumentFrom = (
  order: InvoicedOrder,
  numbered: { series: string; year: number; number: number; issuedAt: Date },
  paidAt = numbered.issuedAt,
): SalesInvoiceDocument => invoiceDocumentOf({ ...order, invoice: { ...numbered, paidAt } })!;

/**
 * A document issued before snapshots existed, as its first snapshot keeps it: printed in the layout of its time (no
 * `layout`, CURRENT_DOCUMENT_LAYOUT), as its earlier copies were.
 */
function issuedBeforeLayouts<T extends { layout?: number }>(document: T): T {
  const kept = { ...document };
  delete kept.layout;
  return kept;
}

/** The document an invoice states, as it was issued (stored now if it was issued before snapshots existed). */
export async function frozenInvoiceDocument(
  executor: Executor,
  row: InvoiceRow,
): Promise<SalesInvoiceDocument> {
  if (row.snapshot) return row.snapshot;
  // Issued before snapshots, and so before the orders' short references: it never printed one, and gains none now.
  const asIssued = issuedBeforeLayouts(
    invoiceDocumentFrom(await readOrderFacts(executor, orderIdOfInvoice(row)), row),
  );
  delete asIssued.orderReference;
  return keepFirstSnapshot(executor, invoices, row.id, asIssued);
}

/**
 * Stores a document issued before snapshots existed as its snapshot, unless one was stored meanwhile: two first
 * renderings at once store one, and both get the one stored first (the update takes the row's lock).
 */
async function keepFirstSnapshot<T>(
  executor: Executor,
  table: typeof invoices | typeof creditNotes,
  id: number,
  document: T,
): Promise<T> {
  const result = (await executor.execute(sql`
    update ${table} set snapshot = coalesce(snapshot, ${JSON.stringify(document)}::jsonb)
    where id = ${id} returning snapshot
  `)) as unknown as { rows: { snapshot: T | string }[] };
  const stored = result.rows[0]?.snapshot;
  if (stored === undefined) return document;
  return typeof stored === 'string' ? (JSON.parse(stored) as T) : stored;
}

/**
 * A credit note of `invoice` as it is issued: the note's own fields and the invoice's frozen document, which it
 * reverses in whole or in part (creditNoteDocumentFrom).
 */
async function creditNoteSnapshot(
  executor: Executor,
  invoice: InvoiceRow,
  note: IssuedCreditNote,
): Promise<CreditNoteDocument> {
  return creditNoteDocumentFrom(await frozenInvoiceDocument(executor, invoice), note);
}

/** The document a credit note states, as it was issued (stored now if it was issued before snapshots existed). */
export async function frozenCreditNoteDocument(
  executor: Executor,
  row: CreditNoteRow,
): Promise<CreditNoteDocument> {
  if (row.snapshot) return row.snapshot;
  const [[invoice], [refund]] = await Promise.all([
    executor.select().from(invoices).where(eq(invoices.id, row.invoiceId)),
    row.refundId === null
      ? Promise.resolve([])
      : executor.select({ reason: refunds.reason }).from(refunds).where(eq(refunds.id, row.refundId)),
  ]);
  if (!invoice) throw new Error(`credit note ${row.id} corrects no invoice`);
  return keepFirstSnapshot(
    executor,
    creditNotes,
    row.id,
    issuedBeforeLayouts(await creditNoteSnapshot(executor, invoice, { ...row, reason: refund?.reason })),
  );
}

/** An invoice of an order: its current one, or the one of `invoiceId` (current or replaced); undefined if none. */
export async function orderInvoiceRow(
  executor: Executor,
  orderId: string,
  invoiceId?: number,
): Promise<InvoiceRow | undefined> {
  if (!isOrderId(orderId)) return undefined;
  const [row] = await executor
    .select()
    .from(invoices)
    .where(
      invoiceId === undefined
        ? eq(invoices.orderId, orderId)
        : and(
            eq(invoices.id, invoiceId),
            or(eq(invoices.orderId, orderId), eq(invoices.replacedOrderId, orderId)),
          ),
    );
  return row;
}

/** An order's invoice as its frozen document, chosen as {@link orderInvoiceRow} chooses it; null when none. */
export async function orderInvoiceDocument(
  db: Db,
  orderId: string,
  invoiceId?: number,
): Promise<SalesInvoiceDocument | null> {
  const row = await orderInvoiceRow(db, orderId, invoiceId);
  return row ? frozenInvoiceDocument(db, row) : null;
}

export async function orderInvoicePdf(
  db: Db,
  orderId: string,
  invoiceId?: number,
): Promise<{ filename: string; content: Buffer } | null> {
  const document = await orderInvoiceDocument(db, orderId, invoiceId);
  return document ? invoicePdf(document) : null;
}

/** An order's credit note: the one of `creditNoteId`, or the latest when none is named; undefined when none. */
export async function orderCreditNoteRow(
  executor: Executor,
  orderId: string,
  creditNoteId?: number,
): Promise<CreditNoteRow | undefined> {
  if (!isOrderId(orderId)) return undefined;
  const [row] = await executor
    .select()
    .from(creditNotes)
    .where(
      and(
        eq(creditNotes.orderId, orderId),
        creditNoteId === undefined ? undefined : eq(creditNotes.id, creditNoteId),
      ),
    )
    .orderBy(desc(creditNotes.id))
    .limit(1);
  return row;
}

/**
 * An order's credit note as its frozen document (what its PDF and its RO e-Factura XML are made from), chosen as
 * {@link orderCreditNoteRow} chooses it; null when the order has no such credit note.
 */
export async function orderCreditNoteDocument(
  db: Db,
  orderId: string,
  creditNoteId?: number,
): Promise<{ document: CreditNoteDocument; refundId: number | null } | null> {
  const row = await orderCreditNoteRow(db, orderId, creditNoteId);
  if (!row) return null;
  return { document: await frozenCreditNoteDocument(db, row), refundId: row.refundId };
}

/** An order's credit note as its PDF, chosen as orderCreditNoteDocument chooses it. */
export async function orderCreditNotePdf(
  db: Db,
  orderId: string,
  creditNoteId?: number,
): Promise<{ filename: string; content: Buffer; refundId: number | null } | null> {
  const found = await orderCreditNoteDocument(db, orderId, creditNoteId);
  if (!found) return null;
  return { ...(await creditNotePdf(found.document)), refundId: found.refundId };
}

/** The credit note of a refund as its PDF, for the refund's e-mail; null when the refund has none. */
export async function refundCreditNotePdf(db: Db, orderId: string, refundId: number) {
  const [note] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, orderId), eq(creditNotes.refundId, refundId)));
  return note ? orderCreditNotePdf(db, orderId, note.id) : null;
}
