import 'server-only';

import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/client';
import { orderCreditNoteDocument } from '@/lib/invoices/credit-note';
import { orderInvoiceDocument } from '@/lib/invoices/order-invoice';
import { documentXmlOf } from './document-xml';

/**
 * An order's invoice, or one of its credit notes (the one of `creditNoteId`, else the latest), as its RO e-Factura
 * UBL XML: what staff download beside the PDF (`GET /api/invoice?format=xml`), chosen as the PDF is; 404 when there
 * is none.
 */
export async function invoiceXmlResponse(
  db: Db,
  orderId: string,
  { type, creditNoteId }: { type?: 'invoice' | 'credit-note'; creditNoteId?: number },
): Promise<Response> {
  const document =
    type === 'credit-note'
      ? (await orderCreditNoteDocument(db, orderId, creditNoteId))?.document
      : await orderInvoiceDocument(db, orderId);
  if (!document) throw new ApiError('NOT_FOUND', `There is no ${type ?? 'invoice'} for order ${orderId}`);
  const { xml, filename } = documentXmlOf(document);
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
