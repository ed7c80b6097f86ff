import { and, eq, gt } from 'drizzle-orm';
import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { apiHandler } from '@/lib/api/handler';
import { getDb } from '@/lib/db/client';
import { outbox } from '@/lib/db/schema';
import { findOrder } from '@/lib/orders/orders';
import { kick } from '@/lib/server/jobs';

export const dynamic = 'force-dynamic';

/** At most one re-send a few minutes, so the button cannot be used to flood a mailbox. */
const RESEND_INTERVAL_MS = 2 * 60_000;

/** `POST /api/orders/{orderId}/resend`: queues the confirmation e-mail again (the order page's button). */
export const POST = apiHandler(async (_request, { params }: { params: Promise<{ orderId: string }> }) => {
  const { orderId } = await params;
  const db = await getDb();
  const order = await findOrder(db, orderId);
  if (!order) throw new ApiError('NOT_FOUND', 'No such order');
  if (order.status !== 'FULFILLED')
    throw new ApiError('CONFLICT', 'The confirmation is sent once the vignettes are issued');
  const recent = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.orderId, orderId), gt(outbox.createdAt, new Date(Date.now() - RESEND_INTERVAL_MS))));
  if (!recent.length) {
    await db.insert(outbox).values({ kind: 'ORDER_CONFIRMATION', orderId });
    kick('mail');
  }
  return NextResponse.json({ queued: !recent.length }, { status: 202 });
});
