// First: zod's configuration for the browser, before any schema below is built.
import './zod-in-browser';
import { z } from 'zod';
import { buyerFields } from './vignette-order';

/** `POST /api/my-orders/link`: the e-mail whose orders to show (trimmed as the orders compare it), and its language. */
export const myOrdersLinkSchema = z.object({
  email: z.string().trim().pipe(buyerFields.email),
  locale: buyerFields.locale,
});

export type MyOrdersLinkInput = z.input<typeof myOrdersLinkSchema>;

/** `POST /api/my-orders/session`: the token of the sign-in link, as its page read it from the address. */
export const myOrdersSessionSchema = z.object({
  token: z.string({ error: 'required' }).min(1, 'required').max(200, 'invalid'),
});
