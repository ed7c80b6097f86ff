import 'server-only';

import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { creditNotes, efacturaSubmissions, invoices } from '@/lib/db/schema';
import { frozenCreditNoteDocument, frozenInvoiceDocument } from '@/lib/invoices/frozen';
import type { InvoiceDocument } from '@/lib/db/document-snapshots';
import { documentUbl, ublFilename } from './ubl';

/**
 * An issued document that RO e-Factura receives: an invoice (by its id, or an order's current one) or one credit
 * note.
 */
export type EfacturaDocumentRef =
  | { kind: 'INVOICE'; invoiceId: number }
  | { kind: 'INVOICE'; orderId: string }
  | { kind: 'CREDIT_NOTE'; creditNoteId: number };

/** The UBL of an issued document and its file name, from the document its PDF is made from. */
export function documentXmlOf(document: InvoiceDocument): { xml: string; filename: string } {
  return { xml: documentUbl(document), filename: ublFilename(document) };
}

/** The SHA-256 of an XML text as uploaded (its UTF-8 bytes), in hex. */
export const xmlSha256 = (xml: string) => createHash('sha256').update(xml, 'utf8').digest('hex');

/** The frozen document a reference names, with the id of its e-Factura submission's invoice; null when none. */
async function documentOf(
  db: Db,
  ref: EfacturaDocumentRef,
): Promise<{ document: InvoiceDocument; invoiceId: number; creditNoteId: number | null } | null> {
  if (ref.kind === 'INVOICE') {
    const [row] = await db
      .select()
      .from(invoices)
      .where('invoiceId' in ref ? eq(invoices.id, ref.invoiceId) : eq(invoices.orderId, ref.orderId));
    return row
      ? { document: await frozenInvoiceDocument(db, row), invoiceId: row.id, creditNoteId: null }
      : null;
  }
  const [note] = await db.select().from(creditNotes).where(eq(creditNotes.id, ref.creditNoteId));
  return note
    ? { document: await frozenCreditNoteDocument(db, note), invoiceId: note.invoiceId, creditNoteId: note.id }
    : null;
}

/**
 * The UBL XML of an issued document and a file name for it (`factura-RPV-2026-000123.xml`); null when there is none.
 * Once the document was uploaded to RO e-Factura, this is the XML uploaded, byte for byte (kept by its submission);
 * before, the XML made from its frozen document, which is the one the upload will send. `submission`: the document's
 * submission as its caller already read it (the e-Factura job, which holds its claim), so it is not read again.
 */
export async function documentXml(
  db: Db,
  ref: EfacturaDocumentRef,
  submission?: { xml: string | null },
): Promise<{ xml: string; filename: string } | null> {
  const found = await documentOf(db, ref);
  if (!found) return null;
  const made = documentXmlOf(found.document);
  const kept = submission ? submission.xml : await keptXml(db, found);
  return kept ? { xml: kept, filename: made.filename } : made;
}

/** The XML a document's submission keeps once it was uploaded; null before. */
async function keptXml(db: Db, found: { invoiceId: number; creditNoteId: number | null }) {
  const [submission] = await db
    .select({ xml: efacturaSubmissions.xml })
    .from(efacturaSubmissions)
    .where(
      found.creditNoteId === null
        ? and(eq(efacturaSubmissions.invoiceId, found.invoiceId), isNull(efacturaSubmissions.creditNoteId))
        : eq(efacturaSubmissions.creditNoteId, found.creditNoteId),
    );
  return submission?.xml ?? null;
}
