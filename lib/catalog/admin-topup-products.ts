import 'server-only';

import { asc, eq } from 'drizzle-orm';
import { recordAudit } from '@/lib/auth/audit';
import type { ErrorIssue } from '@/lib/api/error-body';
import { ApiError } from '@/lib/api/errors';
import { validationIssue } from '@/lib/api/request';
import type { Principal } from '@/lib/auth/guard';
import type { Db, Executor } from '@/lib/db/client';
import { topUpOperators, topUpProducts } from '@/lib/db/schema';
import { topUpProductId } from '@/lib/topups/seed-data';
import type { TopUpCatalogUpdate, TopUpProductInput } from '@/lib/validations/catalog';
import { lockCatalogWrites } from './write-lock';

type ProductRow = typeof topUpProducts.$inferSelect;
type OperatorRow = typeof topUpOperators.$inferSelect;

/** A product as staff see it: on sale or not, the face value in euro cents, the price in bani with VAT. */
export type AdminTopUpProduct = Pick<
  ProductRow,
  'id' | 'operatorId' | 'faceValueCents' | 'priceBani' | 'delivery' | 'active' | 'sortOrder'
>;

export interface AdminTopUpOperator {
  id: string;
  name: string;
  plan: string;
  active: boolean;
  sortOrder: number;
  products: AdminTopUpProduct[];
}

/** `GET /api/admin/catalog/topup-products`. */
export interface TopUpCatalogSheet {
  operators: AdminTopUpOperator[];
}

/** Every operator with every product, withdrawn ones too, in the shop's order. */
export async function topUpCatalogSheet(executor: Executor): Promise<TopUpCatalogSheet> {
  const [operators, products] = await Promise.all([
    executor.select().from(topUpOperators).orderBy(asc(topUpOperators.sortOrder)),
    executor.select().from(topUpProducts).orderBy(asc(topUpProducts.sortOrder), asc(topUpProducts.id)),
  ]);
  return {
    operators: operators.map((operator) => ({
      id: operator.id,
      name: operator.name,
      plan: operator.plan,
      active: operator.active,
      sortOrder: operator.sortOrder,
      products: products
        .filter((product) => product.operatorId === operator.id)
        .map(({ id, operatorId, faceValueCents, priceBani, delivery, active, sortOrder }) => ({
          id,
          operatorId,
          faceValueCents,
          priceBani,
          delivery,
          active,
          sortOrder,
        })),
    })),
  };
}

/** What an order bought is read from its product (lib/orders/order-document.ts): these never change once sold. */
const FIXED_FIELDS = ['operatorId', 'faceValueCents', 'delivery'] as const;

const sameProduct = (a: Pick<ProductRow, (typeof FIXED_FIELDS)[number]>, b: typeof a) =>
  FIXED_FIELDS.every((field) => a[field] === b[field]);

/** The seed's kind of id, with `-2`, `-3`... when a product made by hand already holds it. */
function freshProductId(product: TopUpProductInput, taken: Set<string>): string {
  const base = topUpProductId(product.operatorId, product.faceValueCents, product.delivery);
  let id = base;
  for (let suffix = 2; taken.has(id); suffix++) id = `${base}-${suffix}`;
  taken.add(id);
  return id;
}

interface Change<T> {
  from: T;
  to: T;
}

/** The checks that need the stored catalog; issues name the request's field (`products.3.operatorId`). */
function checkAgainstCatalog(
  input: TopUpCatalogUpdate,
  operators: OperatorRow[],
  products: ProductRow[],
): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const knownOperator = (id: string) => operators.some((operator) => operator.id === id);
  input.operators.forEach((operator, index) => {
    if (!knownOperator(operator.id)) issues.push(validationIssue(`operators.${index}.id`, 'operatorUnknown'));
  });
  const added: TopUpProductInput[] = [];
  input.products.forEach((product, index) => {
    const at = (field: string) => `products.${index}.${field}`;
    if (product.id !== undefined) {
      const stored = products.find((row) => row.id === product.id);
      if (!stored) issues.push(validationIssue(at('id'), 'productUnknown'));
      else
        for (const field of FIXED_FIELDS)
          if (stored[field] !== product[field]) issues.push(validationIssue(at(field), 'productFieldFixed'));
      return;
    }
    if (!knownOperator(product.operatorId)) {
      issues.push(validationIssue(at('operatorId'), 'operatorUnknown'));
      return;
    }
    // One product per operator, face value and delivery: a second would be the same thing at two prices.
    if ([...products, ...added].some((other) => sameProduct(other, product)))
      issues.push(validationIssue(at('faceValueCents'), 'productDuplicate'));
    added.push(product);
  });
  return issues;
}

/**
 * Switches operators on or off, changes products' prices and whether they are on sale, and adds products, in one
 * transaction with its audit entry. A product's operator, face value and delivery never change once it exists (old
 * orders are described by them): a new value is a new product. Orders already made keep the price they paid
 * (`order_items.price_bani`). Nothing is deleted. Refused with 422 naming the field: an unknown operator or product, a
 * fixed field changed, a product the operator already has.
 */
export async function saveTopUpCatalog(
  db: Db,
  actor: Pick<Principal, 'id' | 'username'>,
  input: TopUpCatalogUpdate,
): Promise<TopUpCatalogSheet> {
  await db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const [operators, products] = await Promise.all([
      tx.select().from(topUpOperators),
      tx.select().from(topUpProducts),
    ]);
    const issues = checkAgainstCatalog(input, operators, products);
    if (issues.length) throw new ApiError('VALIDATION', 'The request has invalid fields', issues);

    const operatorChanges: { id: string; active: Change<boolean> }[] = [];
    for (const { id, active } of input.operators) {
      const stored = operators.find((operator) => operator.id === id)!;
      if (stored.active === active) continue;
      await tx.update(topUpOperators).set({ active }).where(eq(topUpOperators.id, id));
      operatorChanges.push({ id, active: { from: stored.active, to: active } });
    }

    const productChanges: { id: string; priceBani?: Change<number>; active?: Change<boolean> }[] = [];
    const added: AdminTopUpProduct[] = [];
    const taken = new Set(products.map((product) => product.id));
    let sortOrder = Math.max(0, ...products.map((product) => product.sortOrder));
    for (const product of input.products) {
      if (product.id === undefined) {
        // Added after the operator's others: the shop lists products by their order.
        const row = { ...product, id: freshProductId(product, taken), sortOrder: ++sortOrder };
        await tx.insert(topUpProducts).values(row);
        added.push(row);
        continue;
      }
      const stored = products.find((row) => row.id === product.id)!;
      const change: (typeof productChanges)[number] = { id: stored.id };
      if (stored.priceBani !== product.priceBani)
        change.priceBani = { from: stored.priceBani, to: product.priceBani };
      if (stored.active !== product.active) change.active = { from: stored.active, to: product.active };
      if (!change.priceBani && !change.active) continue;
      await tx
        .update(topUpProducts)
        .set({ priceBani: product.priceBani, active: product.active })
        .where(eq(topUpProducts.id, stored.id));
      productChanges.push(change);
    }

    if (operatorChanges.length || productChanges.length || added.length) {
      await recordAudit(tx, actor, {
        action: 'catalog.topUpProducts',
        details: { operators: operatorChanges, products: productChanges, added },
      });
    }
  });
  return topUpCatalogSheet(db);
}
