import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { requireAuthority } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { invoiceXmlResponse } from '@/lib/efactura/xml-response';
import { invoicePdfResponse } from '@/lib/invoices/pdf-response';
import { invoiceQuerySchema } from '@/lib/validations/admin-transactions';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/invoice?orderId=[&type=credit-note[&creditNoteId=]][&format=xml]`: an order's invoice, or one of its
 * credit notes, as the PDF the buyer received or as its RO e-Factura UBL XML (INVOICE_READ).
 */
export const GET = apiHandler(async (request) => {
  const db = await getDb();
  await requireAuthority(db, request, 'INVOICE_READ');
  const { orderId, format, ...document } = readQuery(request, invoiceQuerySchema);
  return format === 'xml'
    ? invoiceXmlResponse(db, orderId, document)
    : invoicePdfResponse(db, orderId, document);
});
