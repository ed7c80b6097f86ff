import 'server-only';

import type { VignetteOrder } from '@/lib/validations/vignette-order';
import { createOrder, type CreateOrderOptions, type CreatedOrder } from './create-order';
import { quoteVignettes } from './quote';

/** A vignette order: the quote's prices at the rate of the day, one item per vignette. */
export function createVignetteOrder(
  input: VignetteOrder,
  options: CreateOrderOptions = {},
): Promise<CreatedOrder> {
  return createOrder(
    input,
    async (now) => {
      const quote = await quoteVignettes(input.items, now);
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
