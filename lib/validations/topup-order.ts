import { z } from 'zod';
import { mobilePhoneSchema } from './phone';
import { buyerFields } from './vignette-order';
import { text } from './text';

const productKey = (message: string) => text({ error: message }).trim().min(1, message).max(60, message);

/**
 * `POST /api/eps/order` (docs/api.md, Top-ups), shared by the form and the route handler. Whether the operator and the
 * product exist, and belong together, is the database's to say (lib/orders/create-topup-order.ts).
 */
export const topUpOrderSchema = z.object({
  operatorId: productKey('operatorUnknown'),
  productId: productKey('productUnknown'),
  phone: mobilePhoneSchema,
  ...buyerFields,
});

export type TopUpOrderInput = z.input<typeof topUpOrderSchema>;
export type TopUpOrder = z.output<typeof topUpOrderSchema>;
