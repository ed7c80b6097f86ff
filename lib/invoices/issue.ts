import 'server-only';

import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { creditNotes, efacturaSubmissions, invoiceCounters, invoices } from '@/lib/db/schema';
import { crashPoint } from '@/lib/server/crash-points';
import { creditNoteDocumentFrom } from './credit-note';
import { frozenInvoiceDocument, invoiceDocumentFrom, type CreditNoteRow, type InvoiceRow } from './frozen';
import type { InvoicedOrder } from './invoiced-order';
import {
  allocateInvoiceNumber,
  creditNoteSeriesOf,
  invoiceSeriesOf,
  nextInvoiceNumber,
  numberingYear,
} from './numbering';
import { lineGrossBani, vatOfKind, type DocumentKind } from './vat';

/*
 * The one place a document is issued (docs/architecture.md, Invoices and RO e-Factura): it takes the next number of
 * its series (numbering.ts), states what it is given as its frozen document (frozen.ts, docs/decisions/0023), applies
 * the VAT rule (vat.ts) and stores the row, in the caller's transaction. The workflow that issues it (lib/payments,
 * lib/orders) reads the order it documents before, holds the order's row lock, and queues the document for RO
 * e-Factura in the same transaction, so a document without its upload, or a number used twice, cannot be committed.
 */

/** What an invoice states: the order as lib/orders reads it, what it sells, and for how much. */
export interface InvoiceFacts {
  order: InvoicedOrder;
  kind: DocumentKind;
  /** What the buyer paid, VAT included, in bani. */
  totalBani: number;
}

/**
 * Issues an order's invoice, dated `now`, with the next number of its series in the Romanian calendar year of `now`.
 * `replaces` is the invoice a correction replaces (its `order_id` given up before): the new one states the order as it
 * is now, for the same amounts, and words a vignette's validity as at the payment (the replaced invoice's issue).
 * `efacturaAttentionAt`: the invoice is queued for RO e-Factura in the same statement, needing a person from then on
 * if ANAF has not accepted it (lib/efactura/submissions-schedule.ts `attentionTimeOf`).
 */
export async function issueInvoice(
  tx: Executor,
  { order, kind, totalBani }: InvoiceFacts,
  {
    now = new Date(),
    replaces,
    efacturaAttentionAt,
  }: { now?: Date; replaces?: InvoiceRow; efacturaAttentionAt?: Date } = {},
): Promise<InvoiceRow> {
  const year = numberingYear(now);
  const series = invoiceSeriesOf(kind);
  const values = {
    orderId: order.orderId,
    series,
    year,
    issuedAt: now,
    totalBani: replaces ? replaces.totalBani : totalBani,
    vatBani: replaces ? replaces.vatBani : vatOfKind(kind, totalBani),
    buyer: order.billing ?? { kind: 'PERSON', email: order.email },
  };
  const stated = (number: number) =>
    invoiceDocumentFrom(order, { series, year, number, issuedAt: now }, replaces?.issuedAt);
  if (efacturaAttentionAt) {
    // The number taken, the invoice stated with it and queued for e-Factura, in one statement: the counter row stays
    // locked from there to the commit, one round trip less than a statement each. The document is stated before the
    // number is known; the statement writes the number it took into it (`number` is all a document says of it).
    const [invoice] = await preparedStatement(tx, 'invoice_issue_numbered_queued', (on) => {
      const numbered = on.$with('numbered').as(nextInvoiceNumber(on));
      const number = sql`(select ${sql.identifier(invoiceCounters.lastNumber.name)} from ${numbered})`;
      const issued = on.$with('issued').as(
        insertInvoice(on, {
          number,
          snapshot: sql`jsonb_set(${sql.placeholder('snapshot')}::jsonb, '{number}', to_jsonb(${number}))`,
        }),
      );
      // A data-modifying CTE runs whether or not the query reads it; the invoice it names exists by the statement's
      // end, when the foreign key is checked.
      const queued = on.$with('queued', {}).as(
        sql`insert into ${efacturaSubmissions} (kind, order_id, invoice_id, issued_at, attention_at)
          select 'INVOICE', order_id, id, issued_at, ${sql.placeholder('attentionAt')}::timestamptz from ${issued}`,
      );
      return on.with(numbered, issued, queued).select().from(issued).prepare('invoice_issue_numbered_queued');
    }).execute({
      ...values,
      snapshot: JSON.stringify(stated(0)),
      attentionAt: efacturaAttentionAt.toISOString(),
    });
    // A crash before the commit rolls the number back with the transaction: the payment's notification, sent again,
    // takes it.
    crashPoint('invoice-numbered');
    return invoice!;
  }
  // From here the counter row stays locked until the commit, and every document of the series waits for it: the
  // order was read before.
  const number = await allocateInvoiceNumber(tx, series, year);
  crashPoint('invoice-numbered');
  const [invoice] = await preparedStatement(tx, 'invoice_issue', (on) =>
    insertInvoice(on).prepare('invoice_issue'),
  ).execute({ ...values, number, snapshot: stated(number) });
  return invoice!;
}

/** The invoice's row, every value a placeholder (or the SQL in `computed`): one statement's text for every invoice. */
const insertInvoice = (on: Executor, computed: { number?: SQL; snapshot?: SQL } = {}) =>
  on
    .insert(invoices)
    .values({
      orderId: sql.placeholder('orderId'),
      series: sql.placeholder('series'),
      year: sql.placeholder('year'),
      number: computed.number ?? sql.placeholder('number'),
      issuedAt: sql.placeholder('issuedAt'),
      totalBani: sql.placeholder('totalBani'),
      vatBani: sql.placeholder('vatBani'),
      buyer: sql.placeholder('buyer'),
      snapshot: computed.snapshot ?? sql.placeholder('snapshot'),
    })
    .returning();

/** What a credit note states: the invoice it corrects, and what it gives back and why. */
export interface CreditNoteFacts {
  orderId: string;
  kind: DocumentKind;
  /** The invoice it corrects, which stays as it was issued. */
  invoice: InvoiceRow;
  /** Money given back, positive, in bani; none for the storno of the whole invoice. */
  totalBani?: number;
  /** Printed on it as it is passed. */
  reason?: string | null;
  /** The refund it documents; null for a storno. */
  refundId: number | null;
  /** The invoice that replaces the one a storno reverses. */
  replacementInvoiceId?: number;
  now?: Date;
}

/**
 * Issues a credit note of an invoice, dated `now`, with the next number of its kind's credit note series: money
 * given back (`totalBani`, VAT by the rule), or the storno of the whole invoice (its lines and its VAT reversed).
 */
export async function issueCreditNote(
  tx: Executor,
  {
    orderId,
    kind,
    invoice,
    totalBani,
    reason,
    refundId,
    replacementInvoiceId,
    now = new Date(),
  }: CreditNoteFacts,
): Promise<CreditNoteRow> {
  // What the invoice states, read before the number is taken (see issueInvoice).
  const stated = await frozenInvoiceDocument(tx, invoice);
  const series = creditNoteSeriesOf(kind);
  const year = numberingYear(now);
  const number = await allocateInvoiceNumber(tx, series, year);
  const given = totalBani ?? stated.lines.reduce((sum, line) => sum + lineGrossBani(line), 0);
  const numbered = { series, year, number, issuedAt: now };
  const [note] = await tx
    .insert(creditNotes)
    .values({
      orderId,
      refundId,
      invoiceId: invoice.id,
      ...(replacementInvoiceId === undefined ? {} : { replacementInvoiceId }),
      ...numbered,
      totalBani: given,
      vatBani: totalBani === undefined ? invoice.vatBani : vatOfKind(kind, given),
      snapshot: creditNoteDocumentFrom(stated, { ...numbered, totalBani: given, reason }),
    })
    .returning();
  return note!;
}
