import { apiHandler } from '@/lib/api/handler';
import { readQuery } from '@/lib/api/request';
import { getDb } from '@/lib/db/client';
import { invoicePdfResponse } from '@/lib/invoices/pdf-response';
import { enforceRateLimit, RATE_LIMITS } from '@/lib/security/rate-limit';
import { documentQuerySchema } from '@/lib/validations/document-query';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/orders/{orderId}/invoice[?type=credit-note[&creditNoteId=]]`: the buyer's own invoice or credit note, from
 * the order page. The unguessable order id is the key, as for the order page itself, which shows the same order.
 */
export const GET = apiHandler(async (request, { params }: { params: Promise<{ orderId: string }> }) => {
  const { orderId } = await params;
  // Each download renders a PDF: a client asking in a loop is slowed down before the server is.
  await enforceRateLimit(request, RATE_LIMITS.document);
  return invoicePdfResponse(await getDb(), orderId, readQuery(request, documentQuerySchema));
});
