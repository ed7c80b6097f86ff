import 'server-only';

import { asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/auth/audit';
import { ApiError } from '@/lib/api/errors';
import { validationIssue } from '@/lib/api/request';
import type { Principal } from '@/lib/auth/guard';
import type { Db, Executor } from '@/lib/db/client';
import { vignetteCategories, vignettePrices } from '@/lib/db/schema';
import type { VignettePricesUpdate } from '@/lib/validations/catalog';
import { VIGNETTE_TYPES, type VignetteType } from '@/lib/vignettes/periods';
import { currentBudapestYear } from './price-table';
import { invalidateProcessCache } from './process-cache';
import { lockCatalogWrites } from './write-lock';

export interface VignettePriceEntry {
  categoryCode: string;
  type: VignetteType;
  priceHuf: number;
}

/** `GET /api/admin/catalog/vignette-prices`: a year's price list as staff edit it. */
export interface VignettePriceSheet {
  year: number;
  /** Every sellable category × period that has a price, in the catalog's order. */
  prices: VignettePriceEntry[];
  /** The sellable category × period pairs without a price: they cannot be bought for that year. */
  missing: { categoryCode: string; type: VignetteType }[];
  /** The years whose prices may be changed now (this year and the next, in Hungary). */
  editableYears: number[];
}

/**
 * This year and the next in Hungary. Next year's prices are entered before the pre-sale of 1 December
 * (lib/vignettes/validity.ts `sellableYears`) so that next year's yearly vignettes are sold at them from that day;
 * past years are history that orders already carry.
 */
export function editablePriceYears(now: Date): number[] {
  const year = currentBudapestYear(now);
  return [year, year + 1];
}

/** A year's prices of every category on sale, and the pairs that have none. */
export async function vignettePriceSheet(
  executor: Executor,
  year: number,
  now: Date,
): Promise<VignettePriceSheet> {
  const [categories, rows] = await Promise.all([
    executor
      .select({ code: vignetteCategories.code })
      .from(vignetteCategories)
      .where(eq(vignetteCategories.sellable, true))
      .orderBy(asc(vignetteCategories.sortOrder)),
    executor.select().from(vignettePrices).where(eq(vignettePrices.year, year)),
  ]);
  const prices: VignettePriceEntry[] = [];
  const missing: VignettePriceSheet['missing'] = [];
  for (const { code } of categories) {
    for (const type of VIGNETTE_TYPES) {
      const row = rows.find((price) => price.categoryCode === code && price.type === type);
      if (row) prices.push({ categoryCode: code, type, priceHuf: row.priceHuf });
      else missing.push({ categoryCode: code, type });
    }
  }
  return { year, prices, missing, editableYears: editablePriceYears(now) };
}

export interface PriceChange {
  categoryCode: string;
  type: VignetteType;
  /** Null when the pair had no price that year. */
  from: number | null;
  to: number;
}

/**
 * Writes a year's prices (adding those the year lacks) in one transaction with its audit entry, then forgets this
 * process's cached prices so that the next quote uses them; other servers read them within the cache's few seconds.
 * Orders already made keep their own prices (`order_items.price_huf` and `price_bani`): nothing here touches them.
 * A year other than this one or the next is refused (422 `year`). Prices that do not change write nothing.
 */
export async function saveVignettePrices(
  db: Db,
  actor: Pick<Principal, 'id' | 'username'>,
  input: VignettePricesUpdate,
  now: Date,
): Promise<VignettePriceSheet> {
  if (!editablePriceYears(now).includes(input.year)) {
    throw new ApiError('VALIDATION', 'The request has invalid fields', [
      validationIssue('year', 'yearNotEditable'),
    ]);
  }
  const changes = await db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const current = await tx.select().from(vignettePrices).where(eq(vignettePrices.year, input.year));
    const changed: PriceChange[] = input.prices.flatMap(({ categoryCode, type, priceHuf }) => {
      const before = current.find((row) => row.categoryCode === categoryCode && row.type === type);
      return before?.priceHuf === priceHuf
        ? []
        : [{ categoryCode, type, from: before?.priceHuf ?? null, to: priceHuf }];
    });
    if (!changed.length) return changed;
    await tx
      .insert(vignettePrices)
      .values(
        changed.map(({ categoryCode, type, to }) => ({ categoryCode, type, year: input.year, priceHuf: to })),
      )
      .onConflictDoUpdate({
        target: [vignettePrices.categoryCode, vignettePrices.type, vignettePrices.year],
        set: { priceHuf: sql`excluded.price_huf` },
      });
    await recordAudit(tx, actor, {
      action: 'catalog.vignettePrices',
      target: String(input.year),
      details: { year: input.year, changes: changed },
    });
    return changed;
  });
  if (changes.length) invalidateProcessCache(db);
  return vignettePriceSheet(db, input.year, now);
}
