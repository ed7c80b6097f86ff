import 'server-only';

import { ApiError } from '@/lib/api/errors';
import { validationIssue } from '@/lib/api/request';
import { getDb } from '@/lib/db/client';
import { findTopUpOperator, findTopUpProduct } from '@/lib/topups/catalog';
import type { TopUpOrder } from '@/lib/validations/topup-order';
import { createOrder, type CreateOrderOptions, type CreatedOrder } from './create-order';

/** The product a top-up request names and its operator, checked: 422 naming each field that is wrong. */
async function topUpProductOf(input: TopUpOrder) {
  const db = await getDb();
  const [operator, found] = await Promise.all([
    findTopUpOperator(db, input.operatorId),
    findTopUpProduct(db, input.productId),
  ]);
  if (operator && found?.operator.id === operator.id) return found;
  const issues = [];
  if (!operator) issues.push(validationIssue('operatorId', 'operatorUnknown'));
  if (!found) issues.push(validationIssue('productId', 'productUnknown'));
  else if (operator) issues.push(validationIssue('productId', 'productOfOtherOperator'));
  throw new ApiError('VALIDATION', 'The request has invalid fields', issues);
}

/** A top-up order: one item, the product's price, the number to credit. */
export function createTopUpOrder(input: TopUpOrder, options: CreateOrderOptions = {}): Promise<CreatedOrder> {
  return createOrder(
    input,
    async () => {
      const { product, operator } = await topUpProductOf(input);
      return {
        order: {
          kind: 'TOPUP',
          email: input.email,
          phone: input.phone,
          locale: input.locale,
          amountBani: product.priceBani,
          invoiceData: input.invoice ?? null,
        },
        items: [{ topUpProductId: product.id, phone: input.phone, priceBani: product.priceBani }],
        products: [operator.id],
      };
    },
    options,
  );
}
