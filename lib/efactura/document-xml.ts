import 'server-only';

import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { creditNotes, refunds } from '@/lib/db/schema';
import { creditNoteDocumentOf } from '@/lib/invoices/credit-note';
import type { InvoiceDocument } from '@/lib/invoices/invoice-document';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { invoiceDocumentOf } from '@/lib/invoices/order-invoice';
import { loadOrderDocument } from '@/lib/orders/order-document';

export type EfacturaDocumentRef =
  { kind: 'INVOICE'; orderId: string } | { kind: 'CREDIT_NOTE'; creditNoteId: number };

// PLACEHOLDER, replaced at merge by the UBL generator (branch efactura-ubl): a minimal well-formed document with the
// number, the CIUS-RO customization id and the buyer's name, enough for the submission job and its tests.

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function placeholderXml(document: InvoiceDocument): string {
  const root = document.type === 'CREDIT_NOTE' ? 'CreditNote' : 'Invoice';
  const namespace = `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="${namespace}" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1</cbc:CustomizationID>
  <cbc:ID>${escapeXml(formatInvoiceNumber(document.series, document.year, document.number))}</cbc:ID>
  <cbc:IssueDate>${document.issuedAt.slice(0, 10)}</cbc:IssueDate>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>${escapeXml(
    document.buyer.name,
  )}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
</${root}>
`;
}

/** The UBL XML of an issued document and a file name for it (`factura-RPV-2026-000123.xml`); null when there is none. */
export async function documentXml(
  db: Db,
  ref: EfacturaDocumentRef,
): Promise<{ xml: string; filename: string } | null> {
  if (ref.kind === 'INVOICE') {
    const order = await loadOrderDocument(db, ref.orderId);
    const document = order && invoiceDocumentOf(order);
    if (!document) return null;
    const number = formatInvoiceNumber(document.series, document.year, document.number);
    return { xml: placeholderXml(document), filename: `factura-${number}.xml` };
  }
  const [row] = await db
    .select({ note: creditNotes, reason: refunds.reason })
    .from(creditNotes)
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .where(and(eq(creditNotes.id, ref.creditNoteId)));
  const order = row && (await loadOrderDocument(db, row.note.orderId));
  if (!row || !order) return null;
  const document = creditNoteDocumentOf(order, { ...row.note, reason: row.reason });
  const number = formatInvoiceNumber(document.series, document.year, document.number);
  return { xml: placeholderXml(document), filename: `factura-stornare-${number}.xml` };
}
