import 'server-only';

import { and, eq } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Principal } from '@/lib/auth/guard';
import { ACTION_AUTHORITIES } from '@/lib/auth/permissions';
import type { Db } from '@/lib/db/client';
import { orderItems } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';

/**
 * A correction of an item already delivered changes what the buyer holds and what was issued, an administrator's
 * action (ACTION_AUTHORITIES.correctIssued); an item not delivered yet is corrected by the call centre before its
 * next attempt. 403 for a caller without the authority the item needs; an unknown item is left to the correction
 * itself to answer (404).
 */
export async function requireItemCorrectionAuthority(
  db: Db,
  principal: Pick<Principal, 'id' | 'authorities'>,
  { orderId, itemId }: { orderId: string; itemId: number },
): Promise<void> {
  if (principal.authorities.includes(ACTION_AUTHORITIES.correctIssued)) return;
  const [item] = await db
    .select({ issuedId: orderItems.issuedId })
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
  if (item && item.issuedId !== null) {
    logger.warn({ userId: principal.id, orderId, itemId }, 'forbidden: correcting an issued item');
    throw new ApiError('FORBIDDEN', 'Correcting an item already issued is an administrator’s action');
  }
}
