import { createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import type { TransactionProduct } from './transactions';
import { formatEur } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/routing';
import { categoryByCode } from '@/lib/vignettes/categories';
import type ro from '@/messages/ro.json';

/** The `Admin.productNames` messages of one language. */
export type ProductNameMessages = (typeof ro)['Admin']['productNames'];

export interface ProductNames {
  /** "D1 de 10 zile", "Orange PrePay 10 EUR". */
  name(product: TransactionProduct): string;
  /** "D1 de 10 zile ×2, D2 lunară": an order's products, each with how many when more than one. */
  list(products: readonly TransactionProduct[]): string;
}

/**
 * Names products in a language: a vignette by its category's official code (D1, D2, D1M, U) and its period, a top-up
 * by its operator, plan and face value. Pure, so that the back-office's screens (with the messages they hold) and the
 * Excel export on the server (reading messages/*.json) name them alike. A code the messages do not know is shown as
 * it is.
 */
export function productNames(locale: Locale, messages: ProductNameMessages): ProductNames {
  const t = createTranslator({
    ...KEPT_FORMATTERS,
    locale,
    messages: { productNames: messages },
    namespace: 'productNames',
  });
  const name = (product: TransactionProduct): string => {
    if ('operator' in product) {
      const faceValue = formatEur(product.faceValueCents, locale);
      return t(product.delivery === 'PIN' ? 'topUpPin' : 'topUp', { operator: product.operator, faceValue });
    }
    const category = categoryByCode(product.categoryCode)?.title ?? product.categoryCode;
    const period = Object.hasOwn(messages.periods, product.type)
      ? t(`periods.${product.type}`)
      : product.type;
    return t('vignette', { category, period });
  };
  return {
    name,
    list: (products) =>
      products
        .map((product) =>
          product.count > 1
            ? t('times', { name: name(product), count: product.count.toLocaleString(locale) })
            : name(product),
        )
        .join(', '),
  };
}
