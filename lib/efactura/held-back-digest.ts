import 'server-only';

import { asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Config } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { creditNotes, efacturaSubmissions, invoices, outbox, settings } from '@/lib/db/schema';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { logger } from '@/lib/log/logger';
import { EFACTURA_HELD_BACK, heldBackDetails } from '@/lib/mail/efactura-held-back';
import { kick } from '@/lib/server/jobs';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { lateIfIssuedBefore, shopDayOf } from './submissions-schedule';

/*
 * With EFACTURA_PROVIDER=off nothing goes to ANAF: documents wait as PENDING and each turns late for staff once
 * (EFACTURA_DEADLINE_NEAR). This tells staff every day, while any waits, how many and since when (README, "Going live").
 */

/** The `settings` row that holds the last day a digest was queued for, `YYYY-MM-DD`: one row, moved forward. */
export const HELD_BACK_DIGEST_SETTING = 'efactura.heldBackDigest';

/** Not before this hour of the day in Romania: staff read the day's count in the morning, not at midnight. */
export const HELD_BACK_DIGEST_HOUR = 8;

/** Documents not yet at ANAF: to be uploaded, or uploaded without ANAF's answer (nobody asks while it is off). */
const WAITING = ['PENDING', 'UPLOADING', 'UPLOADED'] as const;

const hourInRomania = (now: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: SHOP_TIME_ZONE }).format(
      now,
    ),
  );

/**
 * One pass of the `efactura-held-back` job: while EFACTURA_PROVIDER=off and a document waits, queues the day's e-mail
 * to STAFF_ALERT_EMAIL, once per day in Romania across every server of the database. The day is claimed by moving
 * the setting's day forward in the transaction that counts and queues, so two servers (or two passes) never both
 * queue one, and a server whose clock lags cannot queue a day already past. Returns whether it queued one.
 */
export async function queueEfacturaHeldBackDigest(
  db: Db,
  config: Pick<Config, 'EFACTURA_PROVIDER' | 'STAFF_ALERT_EMAIL'>,
  now: Date = new Date(),
): Promise<boolean> {
  const recipient = config.STAFF_ALERT_EMAIL;
  if (config.EFACTURA_PROVIDER !== 'off' || !recipient || hourInRomania(now) < HELD_BACK_DIGEST_HOUR)
    return false;
  const day = shopDayOf(now);
  const queued = await db.transaction(async (tx) => {
    const waiting = inArray(efacturaSubmissions.status, [...WAITING]);
    const [counts] = await tx
      .select({
        waiting: count(),
        late: sql<number>`count(*) filter (where ${lt(efacturaSubmissions.issuedAt, lateIfIssuedBefore(now))})`.mapWith(
          Number,
        ),
      })
      .from(efacturaSubmissions)
      .where(waiting);
    if (!counts?.waiting) return false;
    const claimed = await tx
      .insert(settings)
      .values({ key: HELD_BACK_DIGEST_SETTING, value: day })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: day },
        setWhere: lt(settings.value, day),
      })
      .returning({ key: settings.key });
    if (!claimed.length) return false;
    const [oldest] = await tx
      .select({
        issuedAt: efacturaSubmissions.issuedAt,
        invoice: { series: invoices.series, year: invoices.year, number: invoices.number },
        creditNote: { series: creditNotes.series, year: creditNotes.year, number: creditNotes.number },
      })
      .from(efacturaSubmissions)
      .innerJoin(invoices, eq(invoices.id, efacturaSubmissions.invoiceId))
      .leftJoin(creditNotes, eq(creditNotes.id, efacturaSubmissions.creditNoteId))
      .where(waiting)
      .orderBy(asc(efacturaSubmissions.issuedAt), asc(efacturaSubmissions.id))
      .limit(1);
    const document = oldest!.creditNote ?? oldest!.invoice;
    await tx.insert(outbox).values({
      kind: EFACTURA_HELD_BACK,
      orderId: null,
      recipient,
      details: heldBackDetails(day, {
        waiting: counts.waiting,
        late: counts.late,
        oldest: {
          number: formatInvoiceNumber(document.series, document.year, document.number),
          issuedAt: oldest!.issuedAt.toISOString(),
        },
        countedAt: now.toISOString(),
      }),
    });
    logger.info({ day, waiting: counts.waiting, late: counts.late }, 'e-Factura held-back digest queued');
    return true;
  });
  if (queued) kick('mail');
  return queued;
}
