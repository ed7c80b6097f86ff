import 'server-only';

import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { creditNotes } from '@/lib/db/schema';
import { orderCreditNoteDocument } from '@/lib/invoices/credit-note';
import type { InvoiceDocument } from '@/lib/invoices/invoice-document';
import { orderInvoiceDocument } from '@/lib/invoices/order-invoice';
import { documentUbl, ublFilename } from './ubl';

/** An issued document that RO e-Factura receives: an order's invoice, or one credit note. */
export type EfacturaDocumentRef =
  { kind: 'INVOICE'; orderId: string } | { kind: 'CREDIT_NOTE'; creditNoteId: number };

/** The UBL of an issued document and its file name, from the document its PDF is made from. */
export function documentXmlOf(document: InvoiceDocument): { xml: string; filename: string } {
  return { xml: documentUbl(document), filename: ublFilename(document) };
}

/** The UBL XML of an issued document and a file name for it (`factura-RPV-2026-000123.xml`); null when there is none. */
export async function documentXml(
  db: Db,
  ref: EfacturaDocumentRef,
): Promise<{ xml: string; filename: string } | null> {
  if (ref.kind === 'INVOICE') {
    const document = await orderInvoiceDocument(db, ref.orderId);
    return document ? documentXmlOf(document) : null;
  }
  const [note] = await db
    .select({ orderId: creditNotes.orderId })
    .from(creditNotes)
    .where(eq(creditNotes.id, ref.creditNoteId));
  const found = note && (await orderCreditNoteDocument(db, note.orderId, ref.creditNoteId));
  return found ? documentXmlOf(found.document) : null;
}
