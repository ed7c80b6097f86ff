import { countiesInOrder } from '@/lib/billing/ro-counties';
import { formatEur, formatRon } from '@/lib/i18n/format';
import { collectPreformatted, type PreformattedTexts } from '@/lib/i18n/preformatted';
import { countriesInOrder } from '@/lib/vignettes/countries';

/**
 * What the top-up form formats in its first render, formatted on the server (lib/i18n/preformatted.ts): each amount's
 * face value in euros and price in lei, and its billing fields' lists, the countries by name in the reader's
 * language and the counties in Romanian order.
 */
export const topUpFormPreformatted = (
  locale: string,
  products: readonly { faceValue: number; priceRon: number }[],
): PreformattedTexts =>
  collectPreformatted(() => {
    for (const product of products) {
      formatEur(Math.round(product.faceValue * 100), locale);
      formatRon(product.priceRon, locale);
    }
    countriesInOrder(locale);
    countiesInOrder();
  });
