import 'server-only';

import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/client';
import { orderCreditNoteRow, orderInvoiceRow } from '@/lib/invoices/frozen';
import { documentXml } from './document-xml';

/**
 * An order's invoice (its current one, or the one of `invoiceId`), or one of its credit notes (the one of
 * `creditNoteId`, else the latest), as its RO e-Factura UBL XML: what staff download beside the PDF
 * (`GET /api/invoice?format=xml`), chosen as the PDF is, and once uploaded the very XML ANAF received; 404 when there
 * is none.
 */
export async function invoiceXmlResponse(
  db: Db,
  orderId: string,
  {
    type,
    creditNoteId,
    invoiceId,
  }: { type?: 'invoice' | 'credit-note'; creditNoteId?: number; invoiceId?: number },
): Promise<Response> {
  const found =
    type === 'credit-note'
      ? await orderCreditNoteRow(db, orderId, creditNoteId).then(
          (row) => row && documentXml(db, { kind: 'CREDIT_NOTE', creditNoteId: row.id }),
        )
      : await orderInvoiceRow(db, orderId, invoiceId).then(
          (row) => row && documentXml(db, { kind: 'INVOICE', invoiceId: row.id }),
        );
  if (!found) throw new ApiError('NOT_FOUND', `There is no ${type ?? 'invoice'} for order ${orderId}`);
  return new Response(found.xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${found.filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
