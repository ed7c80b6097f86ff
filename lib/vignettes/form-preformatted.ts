import { formatHuf, formatRon } from '@/lib/i18n/format';
import { collectPreformatted, type PreformattedTexts } from '@/lib/i18n/preformatted';
import { countriesInOrder } from './countries';

/**
 * What the vignette form formats in its first render, formatted on the server (lib/i18n/preformatted.ts): each
 * period's price in forints and lei, and the countries of registration by name in the reader's language.
 */
export const vignetteFormPreformatted = (
  locale: string,
  products: readonly { priceHuf: number; priceRon: number }[],
): PreformattedTexts =>
  collectPreformatted(() => {
    for (const product of products) {
      formatHuf(product.priceHuf, locale);
      formatRon(product.priceRon, locale);
    }
    countriesInOrder(locale);
  });
