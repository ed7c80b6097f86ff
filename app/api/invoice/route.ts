import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { orderCreditNotePdf } from '@/lib/invoices/credit-note';
import { orderInvoicePdf } from '@/lib/invoices/order-invoice';
import { invoiceQuerySchema } from '@/lib/validations/admin-transactions';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/invoice?orderId=[&type=credit-note[&creditNoteId=]]`: an order's invoice, or one of its credit notes, as
 * the PDF the buyer received (INVOICE_READ).
 */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'INVOICE_READ');
  const { orderId, type, creditNoteId } = readQuery(request, invoiceQuerySchema);
  const pdf =
    type === 'credit-note'
      ? await orderCreditNotePdf(db, orderId, creditNoteId)
      : await orderInvoicePdf(db, orderId);
  if (!pdf) throw new ApiError('NOT_FOUND', `There is no ${type ?? 'invoice'} for order ${orderId}`);
  return new Response(new Uint8Array(pdf.content), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${pdf.filename}"`,
      'Cache-Control': 'no-store',
    },
  });
});
