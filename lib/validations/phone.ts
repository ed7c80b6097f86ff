import { z } from 'zod';
import { parseRomanianPhone, type RomanianPhone } from '@/lib/phones/romanian-phone';
import { text } from './text';

/**
 * A Romanian phone number in any form the spec's pattern accepts (lib/phones/romanian-phone.ts), parsed to its kind
 * and E.164 form. Messages are keys of the `Validation` messages, as in every shared schema.
 */
export const romanianPhoneSchema = text({ error: 'phoneRequired' })
  .trim()
  .min(1, 'phoneRequired')
  .max(24, 'phoneInvalid')
  .transform((text, ctx): RomanianPhone => {
    const phone = parseRomanianPhone(text);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
    return z.NEVER;
  });

/** A number that can be topped up: a Romanian mobile number, as E.164 (`+40712345678`). */
export const mobilePhoneSchema = romanianPhoneSchema
  .refine((phone) => phone.kind === 'MOBILE', 'phoneNotMobile')
  .transform((phone) => phone.e164);
