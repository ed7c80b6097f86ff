import 'server-only';

import { getDb } from '@/lib/db/client';
import { reminderConsentInForce } from '@/lib/reminders/consent';
import { reminderOfToken } from '@/lib/reminders/expiry-reminders';
import type { VignetteOrder } from '@/lib/validations/vignette-order';
import { createOrder, type CreateOrderOptions, type CreatedOrder } from './create-order';
import { quoteVignettes } from './quote';

/**
 * A vignette order: the quote's prices at the rate of the day, one item per vignette; the buyer's consent to expiry
 * reminders with its time and the text's version, and the reminder it came back through (a token that does not hold
 * is ignored: it only counts for staff's figures).
 */
export function createVignetteOrder(
  input: VignetteOrder,
  options: CreateOrderOptions = {},
): Promise<CreatedOrder> {
  return createOrder(
    input,
    async (now) => {
      const quote = await quoteVignettes(input.items, now);
      const fromReminderId = input.fromReminder
        ? await reminderOfToken(await getDb(), input.fromReminder, 'again')
        : null;
      return {
        order: {
          kind: 'VIGNETTE',
          email: input.email,
          phone: input.phone,
          locale: input.locale,
          amountBani: quote.totalBani,
          ron2huf: String(quote.rate.ron2huf),
          rateDate: quote.rate.date,
          invoiceData: input.invoice ?? null,
          reminderConsentAt: input.remindBeforeEnd ? now : null,
          reminderConsentVersion: input.remindBeforeEnd ? reminderConsentInForce(now).version : null,
          fromReminderId,
        },
        items: quote.items.map((item) => ({
          categoryCode: item.categoryCode,
          vignetteType: item.type,
          county: item.county,
          plate: item.plate,
          country: item.country,
          firstDay: item.firstDay,
          lastDay: item.lastDay,
          priceHuf: item.priceHuf,
          priceBani: item.priceBani,
        })),
        products: quote.items.map((item) => item.categoryCode),
      };
    },
    options,
  );
}
