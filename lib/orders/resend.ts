import 'server-only';

import { and, eq, gt } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Db, Executor } from '@/lib/db/client';
import { outbox } from '@/lib/db/schema';
import { kick } from '@/lib/server/jobs';
import { isOrderId, lockOrder } from './orders';
import type { OrderStatus } from './status';

/** At most one confirmation e-mail a few minutes, so the button cannot be used to flood a mailbox. */
export const RESEND_INTERVAL_MS = 2 * 60_000;

/** What a buyer's button may queue for the order's own address, at most once every RESEND_INTERVAL_MS. */
export interface BuyerMail {
  /** The outbox kind. */
  kind: string;
  /** Throws the ApiError that says why the order cannot have this e-mail now (checked under the row's lock). */
  check: (tx: Executor, order: { id: string; status: OrderStatus }) => Promise<void>;
}

/**
 * Queues a buyer's e-mail of the order unless one of its kind was queued in the last few minutes. The check and the
 * insert run under the order row's lock, so parallel requests (on one server or several) queue one e-mail between
 * them. Answers whether this call queued it, and if not, in how many seconds one may be asked again.
 */
export async function queueBuyerMail(
  db: Db,
  orderId: string,
  { kind, check }: BuyerMail,
  now = new Date(),
): Promise<{ queued: boolean; retryAfterSeconds?: number }> {
  // An id that cannot be an order's (a NUL, which PostgreSQL refuses in text, or any other shape) is unknown.
  if (!isOrderId(orderId)) throw new ApiError('NOT_FOUND', 'No such order');
  const queued = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new ApiError('NOT_FOUND', 'No such order');
    await check(tx, order);
    const [recent] = await tx
      .select({ createdAt: outbox.createdAt })
      .from(outbox)
      .where(
        and(
          eq(outbox.orderId, orderId),
          eq(outbox.kind, kind),
          gt(outbox.createdAt, new Date(now.getTime() - RESEND_INTERVAL_MS)),
        ),
      )
      .limit(1);
    if (recent) {
      const waitMs = recent.createdAt.getTime() + RESEND_INTERVAL_MS - now.getTime();
      return { queued: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    await tx.insert(outbox).values({ kind, orderId, createdAt: now, nextAttemptAt: now });
    return { queued: true };
  });
  if (queued.queued) kick('mail');
  return queued;
}

/** Queues the confirmation e-mail of a fulfilled order again, unless one was queued in the last few minutes. */
export const resendConfirmation = (db: Db, orderId: string, now = new Date()) =>
  queueBuyerMail(
    db,
    orderId,
    {
      kind: 'ORDER_CONFIRMATION',
      check: async (_tx, order) => {
        if (order.status !== 'FULFILLED')
          throw new ApiError('CONFLICT', 'The confirmation is sent once the vignettes are issued');
      },
    },
    now,
  );
