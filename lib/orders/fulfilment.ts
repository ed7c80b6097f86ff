import 'server-only';

import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { orderItems, outbox } from '@/lib/db/schema';
import type { VignetteIssuer } from '@/lib/issuers/vignette-issuer';
import { logger } from '@/lib/log/logger';
import { kick } from '@/lib/server/jobs';
import { findOrderItems, findOrdersByStatus, transitionOrder } from './orders';

/** Attempts per item before the order is left to a person as FULFILLMENT_FAILED (then refunded). */
export const MAX_ISSUE_ATTEMPTS = 5;

/**
 * Issues the vignettes of paid orders: once per item, with the item's own idempotency key, retried on the next
 * pass when the issuer fails. An order whose items are all issued becomes FULFILLED and queues its confirmation
 * e-mail in the same transaction.
 */
export async function fulfilPaidOrders(db: Db, issuer: VignetteIssuer): Promise<number> {
  let fulfilled = 0;
  for (const order of await findOrdersByStatus(db, ['PAID'], 20)) {
    const items = await findOrderItems(db, order.id);
    let complete = true;
    for (const { item } of items) {
      if (item.issuedId) continue;
      try {
        const { issuedId } = await issuer.issue({
          idempotencyKey: `${order.id}:${item.position}`,
          categoryCode: item.categoryCode ?? '',
          type: item.vignetteType ?? '',
          county: item.county,
          plate: item.plate ?? '',
          country: item.country ?? '',
          firstDay: item.firstDay ?? '',
          lastDay: item.lastDay ?? '',
        });
        await db.update(orderItems).set({ issuedId, issueError: null }).where(eq(orderItems.id, item.id));
      } catch (error) {
        complete = false;
        const attempts = item.issueAttempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(orderItems)
          .set({ issueAttempts: attempts, issueError: message })
          .where(eq(orderItems.id, item.id));
        logger.warn({ orderId: order.id, position: item.position, attempts }, 'vignette issue failed');
        if (attempts >= MAX_ISSUE_ATTEMPTS) {
          await transitionOrder(db, {
            orderId: order.id,
            to: 'FULFILLMENT_FAILED',
            reason: `issuer failed ${attempts} times: ${message}`,
            actor: 'issuer',
          });
          break;
        }
      }
    }
    if (!complete) continue;
    const moved = await db.transaction(async (tx) => {
      const from = await transitionOrder(tx, {
        orderId: order.id,
        to: 'FULFILLED',
        reason: 'all vignettes issued',
        actor: 'issuer',
      });
      if (from) await tx.insert(outbox).values({ kind: 'ORDER_CONFIRMATION', orderId: order.id });
      return from !== null;
    });
    if (moved) fulfilled++;
  }
  if (fulfilled) kick('mail');
  return fulfilled;
}
