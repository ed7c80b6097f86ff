import { z } from 'zod';
import { optional } from './optional';

const documentIdSchema = optional(
  z.coerce
    .number({ error: 'invalid' })
    .int('invalid')
    .positive('invalid')
    .max(2 ** 31 - 1, 'invalid'),
);

/**
 * Which document of an order: the invoice (default; its current one, or the one of `invoiceId`, a replaced one
 * included), or a credit note, the one of `creditNoteId`, else the order's latest. The buyer's
 * `GET /api/orders/{orderId}/invoice` and, with the order's id, staff's `GET /api/invoice`.
 */
export const documentQuerySchema = z.object({
  type: optional(z.enum(['invoice', 'credit-note'], { error: 'invalid' })),
  creditNoteId: documentIdSchema,
  invoiceId: documentIdSchema,
});

/**
 * The file staff download (`GET /api/invoice`): the PDF (default), or the RO e-Factura UBL XML. The buyer's route
 * offers the PDF only, so its schema has no such field.
 */
export const documentFormatSchema = optional(z.enum(['pdf', 'xml'], { error: 'invalid' }));
