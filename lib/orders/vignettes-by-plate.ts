import 'server-only';

import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { orderItems, orders, vignetteCategories } from '@/lib/db/schema';
import type { VignetteType } from '@/lib/vignettes/periods';
import { byCheckOrder, vignetteCheckStatus, type VignetteCheckStatus } from '@/lib/vignettes/check-status';
import type { Executor } from '@/lib/db/client';

/**
 * A vignette bought in this shop, as the validity check by plate shows it to anyone who types the plate: what it
 * covers and when, and nothing of who bought it (no name, e-mail, order, price, or the issuer's number).
 */
export interface CheckedVignette {
  categoryCode: string;
  /** The category's short title ("D1"). */
  categoryTitle: string;
  type: VignetteType;
  /** A county vignette's county id; null for the others. */
  county: string | null;
  firstDay: string;
  lastDay: string;
  status: VignetteCheckStatus;
}

/** How many of a plate's vignettes the check lists at most: years of them, more than any driver buys. */
export const CHECK_LIMIT = 100;

/**
 * The vignettes this shop delivered for `plate` (normalized, lib/validations/plate-check.ts) registered in `country`,
 * each with its status at `now` in Budapest's calendar. Only delivered items count: an item not issued (still being
 * issued, or failed) is no vignette. A refunded order's vignettes are listed as refunded; a refund still under way
 * may give back only part of an order, so until it is settled its vignettes stand as their days say.
 */
export async function vignettesByPlate(
  executor: Executor,
  { plate, country }: { plate: string; country: string },
  now: Date,
): Promise<CheckedVignette[]> {
  const rows = await executor
    .select({
      categoryCode: orderItems.categoryCode,
      categoryTitle: vignetteCategories.title,
      type: orderItems.vignetteType,
      county: orderItems.county,
      firstDay: orderItems.firstDay,
      lastDay: orderItems.lastDay,
      orderStatus: orders.status,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(vignetteCategories, eq(vignetteCategories.code, orderItems.categoryCode))
    .where(
      and(
        eq(orderItems.plate, plate),
        eq(orderItems.country, country),
        isNotNull(orderItems.issuedId),
        isNotNull(orderItems.vignetteType),
        isNotNull(orderItems.firstDay),
        isNotNull(orderItems.lastDay),
      ),
    )
    .orderBy(desc(orderItems.lastDay), desc(orderItems.id))
    .limit(CHECK_LIMIT);
  return rows
    .map((row) => {
      const validity = { firstDay: row.firstDay!, lastDay: row.lastDay! };
      return {
        categoryCode: row.categoryCode!,
        categoryTitle: row.categoryTitle,
        type: row.type!,
        county: row.county,
        ...validity,
        status: vignetteCheckStatus(validity, row.orderStatus === 'REFUNDED', now),
      };
    })
    .sort(byCheckOrder);
}

/** The body of `GET /api/vignettes/check`: the plate and country as checked, and the vignettes found. */
export function plateCheckAnswer(query: { plate: string; country: string }, vignettes: CheckedVignette[]) {
  return {
    plate: query.plate,
    country: query.country,
    vignettes: vignettes.map((vignette) => ({
      categoryCode: vignette.categoryCode,
      categoryTitle: vignette.categoryTitle,
      type: vignette.type,
      county: vignette.county,
      firstDay: vignette.firstDay,
      lastDay: vignette.lastDay,
      status: vignette.status,
    })),
  };
}
