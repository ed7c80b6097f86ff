import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { getDb } from '@/lib/db/client';
import { invoicePdfResponse } from '@/lib/invoices/pdf-response';
import { requireDocumentAccess } from '@/lib/orders/document-access';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/api/rate-limit';
import { documentQuerySchema } from '@/lib/validations/document-query';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/orders/{orderId}/invoice[?type=credit-note[&creditNoteId=]][&t=]`: the buyer's own invoice or credit
 * note, from the order page. The id alone is not the key (it travels in URLs and logs, and a document shows what the
 * page masks): the token of the order's e-mails (`t`) or the cookie of the browser that placed it is, else 403
 * (lib/orders/document-access.ts).
 */
export const GET = apiHandler(async (request, { params }: { params: Promise<{ orderId: string }> }) => {
  const { orderId } = await params;
  // Each download renders a PDF: a client asking in a loop is slowed down before the server is.
  await enforceRateLimit(request, RATE_LIMITS.document);
  const db = await getDb();
  await requireDocumentAccess(db, request, orderId);
  return invoicePdfResponse(db, orderId, readQuery(request, documentQuerySchema));
});
