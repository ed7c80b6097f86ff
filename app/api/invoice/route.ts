import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { orderInvoicePdf } from '@/lib/invoices/order-invoice';
import { invoiceQuerySchema } from '@/lib/validations/admin-transactions';

export const dynamic = 'force-dynamic';

/** `GET /api/invoice?orderId=`: an order's invoice as the PDF the buyer received (INVOICE_READ). */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'INVOICE_READ');
  const { orderId } = readQuery(request, invoiceQuerySchema);
  const pdf = await orderInvoicePdf(db, orderId);
  if (!pdf) throw new ApiError('NOT_FOUND', `There is no invoice for order ${orderId}`);
  return new Response(new Uint8Array(pdf.content), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${pdf.filename}"`,
      'Cache-Control': 'no-store',
    },
  });
});
