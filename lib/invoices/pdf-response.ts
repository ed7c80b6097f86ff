import 'server-only';

import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/client';
import { orderCreditNotePdf, orderInvoicePdf } from './frozen';

/**
 * An order's invoice (its current one, or the one of `invoiceId`), or one of its credit notes (the one of `creditNoteId`, else the latest), as the PDF download
 * both staff (`GET /api/invoice`) and the buyer (`GET /api/orders/{orderId}/invoice`) get; 404 when there is none.
 */
export async function invoicePdfResponse(
  db: Db,
  orderId: string,
  {
    type,
    creditNoteId,
    invoiceId,
  }: { type?: 'invoice' | 'credit-note'; creditNoteId?: number; invoiceId?: number },
): Promise<Response> {
  const pdf =
    type === 'credit-note'
      ? await orderCreditNotePdf(db, orderId, creditNoteId)
      : await orderInvoicePdf(db, orderId, invoiceId);
  if (!pdf) throw new ApiError('NOT_FOUND', `There is no ${type ?? 'invoice'} for order ${orderId}`);
  return new Response(new Uint8Array(pdf.content), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${pdf.filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
