import { z } from 'zod';
import { invoiceSchema } from './billing';
import { text } from './text';
import { mobilePhoneSchema } from './phone';

/**
 * The back-office's actions on one order (docs/api.md, Settling orders): refund, retry, correct, change the e-mail,
 * re-send, cancel. Each names the order by `id` (or `orderId` beside an `itemId`, as the item's path reads).
 */
const orderId = text({ error: 'required' }).trim().min(1, 'required').max(64, 'invalid');
const email = z.email({ error: 'emailInvalid' }).max(254, 'emailInvalid');

export const orderActionSchema = z.object({ id: orderId });

export const refundSchema = z.object({
  id: orderId,
  reason: text({ error: 'required' }).trim().min(1, 'required').max(500, 'tooLong'),
  /** In bani, despite the name (the API's amounts are all in bani); absent: everything refundable. */
  amountRon: z
    .number({ error: 'invalid' })
    .int('invalid')
    .positive('invalid')
    .max(100_000_000, 'invalid')
    .optional(),
  /** Which payment: the invoiced one (default), or the duplicate of an order paid twice (no credit note). */
  payment: z.enum(['INVOICED', 'DUPLICATE'], { error: 'invalid' }).optional(),
});

export const itemCorrectionSchema = z
  .object({
    orderId,
    itemId: z.number({ error: 'invalid' }).int('invalid').positive('invalid'),
    plate: text().trim().min(1, 'required').max(20, 'plateInvalid').optional(),
    country: text()
      .trim()
      .regex(/^[A-Za-z]{1,3}$/, 'countryInvalid')
      .optional(),
    /** A top-up's number: a Romanian mobile number in any form, as E.164. */
    phone: mobilePhoneSchema.optional(),
  })
  .refine((body) => body.plate !== undefined || body.country !== undefined || body.phone !== undefined, {
    path: ['plate'],
    message: 'nothingChanged',
  })
  .refine((body) => body.phone === undefined || (body.plate === undefined && body.country === undefined), {
    path: ['phone'],
    message: 'invalid',
  });

export const emailChangeSchema = z.object({ id: orderId, email });

/** Staff correct whom the order's invoice names: the billing data as the checkout takes it. */
export const billingCorrectionSchema = z.object({ id: orderId, invoice: invoiceSchema });

export const staffResendSchema = z.object({ id: orderId, to: email.optional() });

export type RefundBody = z.output<typeof refundSchema>;
export type ItemCorrectionBody = z.output<typeof itemCorrectionSchema>;
