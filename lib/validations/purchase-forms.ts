// First: zod's configuration for the browser, before any schema below is built.
import './zod-in-browser';
import { z } from 'zod';
import { isYearly, type VignetteType } from '@/lib/vignettes/periods';
import { topUpOrderSchema } from './topup-order';
import { vignetteItemSchema, vignetteOrderSchema } from './vignette-order';

/**
 * The purchase forms' schemas: the shared order schemas cut to what each form asks. The browser fetches this module
 * (and zod with it) only when a form first judges or is first touched (components/form/zod-form-resolver.ts), so that
 * a purchase page's first load carries no validation code; the server judges the same schemas again.
 */

/** Today's first and last start day of a vignette type, from the page's catalog. */
export type StartBounds = (type: VignetteType) => { earliestStart: string; latestStart: string } | undefined;

/**
 * The shared item schema, plus what only the form asks: the buyer's confirmation of the plate and a start within
 * today's bounds of the catalog (the server checks those bounds again when it quotes).
 */
export function vignetteItemFormSchema(startBounds: StartBounds) {
  return vignetteItemSchema
    .and(z.object({ plateConfirmed: z.literal(true, { error: 'plateConfirm' }) }))
    .superRefine((item, ctx) => {
      if (!item.type || isYearly(item.type) || typeof item.startDate !== 'string') return;
      const bounds = startBounds(item.type);
      if (!bounds) return;
      if (item.startDate < bounds.earliestStart)
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'startBeforeToday' });
      else if (item.startDate > bounds.latestStart)
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'startTooLate' });
    });
}

/** The buyer's part of the vignette order: the cart's items come from the cart. */
export const vignetteCheckoutSchema = vignetteOrderSchema.pick({
  email: true,
  invoice: true,
  acceptTerms: true,
  remindBeforeEnd: true,
});

/** The visitor's part of the top-up order: the operator is the page's. */
export const topUpFormSchema = topUpOrderSchema.pick({
  productId: true,
  phone: true,
  email: true,
  invoice: true,
  acceptTerms: true,
});
