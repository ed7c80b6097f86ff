import { z } from 'zod';
import { text } from './text';

/**
 * `POST /api/admin/payment/efactura`: which document of an order to send to RO e-Factura again, its invoice (`id`
 * alone) or one of its credit notes (`creditNoteId`).
 */
export const efacturaResendSchema = z.object({
  id: text({ error: 'required' }).trim().min(1, 'required').max(64, 'invalid'),
  creditNoteId: z.number({ error: 'invalid' }).int('invalid').positive('invalid').optional(),
  /** One of the order's invoices (a replaced one); the order's current invoice when absent. */
  invoiceId: z.number({ error: 'invalid' }).int('invalid').positive('invalid').optional(),
});
