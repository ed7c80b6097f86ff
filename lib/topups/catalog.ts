import 'server-only';

import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/lib/db/client';
import { topUpOperators, topUpProducts } from '@/lib/db/schema';

export type TopUpDelivery = 'DIRECT' | 'PIN';

/** One product as the API shows it (docs/api.md, Top-ups): the face value in EUR, the price in bani. */
export interface TopUpProduct {
  id: string;
  faceValue: number;
  currency: 'EUR';
  priceRon: number;
  delivery: TopUpDelivery;
}

export interface TopUpOperator {
  id: string;
  name: string;
  plan: string;
  products: TopUpProduct[];
}

const productOf = (row: typeof topUpProducts.$inferSelect): TopUpProduct => ({
  id: row.id,
  faceValue: row.faceValueCents / 100,
  currency: 'EUR',
  priceRon: row.priceBani,
  delivery: row.delivery,
});

/** The operators on sale with their products on sale, in the shop's order: `GET /api/eps/utils/operators`. */
export async function listTopUpOperators(executor: Executor): Promise<TopUpOperator[]> {
  const rows = await executor
    .select({ operator: topUpOperators, product: topUpProducts })
    .from(topUpOperators)
    .innerJoin(
      topUpProducts,
      and(eq(topUpProducts.operatorId, topUpOperators.id), eq(topUpProducts.active, true)),
    )
    .where(eq(topUpOperators.active, true))
    .orderBy(asc(topUpOperators.sortOrder), asc(topUpProducts.sortOrder));
  const operators = new Map<string, TopUpOperator>();
  for (const { operator, product } of rows) {
    const entry = operators.get(operator.id) ?? {
      id: operator.id,
      name: operator.name,
      plan: operator.plan,
      products: [],
    };
    entry.products.push(productOf(product));
    operators.set(operator.id, entry);
  }
  return [...operators.values()];
}

export async function findTopUpOperator(
  executor: Executor,
  operatorId: string,
): Promise<TopUpOperator | undefined> {
  return (await listTopUpOperators(executor)).find((operator) => operator.id === operatorId);
}

/** A product and its operator, on sale or not: what an order bought stays describable after the product is withdrawn. */
export async function topUpProductRecord(executor: Executor, productId: string) {
  const [row] = await executor
    .select({ product: topUpProducts, operator: topUpOperators })
    .from(topUpProducts)
    .innerJoin(topUpOperators, eq(topUpOperators.id, topUpProducts.operatorId))
    .where(eq(topUpProducts.id, productId));
  return row;
}

/**
 * A product on sale with its operator, as stored (its price in bani), whatever operator the request named: the caller
 * checks they agree.
 */
export async function findTopUpProduct(executor: Executor, productId: string) {
  const row = await topUpProductRecord(executor, productId);
  return row?.product.active && row.operator.active ? row : undefined;
}
