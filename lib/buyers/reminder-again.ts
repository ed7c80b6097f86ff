import 'server-only';

import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { expiryReminders, orderItems } from '@/lib/db/schema';
import { reminderOfToken } from '@/lib/reminders/expiry-reminders';
import { sameAgain, type SameAgainVignette } from './my-orders-rules';

/**
 * The vignette a reminder's "buy the same again" link asks for, by the my-orders rule (the same vehicle, category,
 * period and county, from the day after the reminded one ends); null for a token that does not hold or a vignette
 * that is gone. The link needs no session: its signed token names one reminder, and the page shows nothing personal
 * beyond what the cart will hold.
 */
export async function reminderSameAgain(
  db: Db,
  token: string | null | undefined,
  now = new Date(),
): Promise<SameAgainVignette | null> {
  const reminderId = await reminderOfToken(db, token, 'again');
  if (reminderId === null) return null;
  const [item] = await db
    .select({
      categoryCode: orderItems.categoryCode,
      type: orderItems.vignetteType,
      plate: orderItems.plate,
      country: orderItems.country,
      county: orderItems.county,
      firstDay: orderItems.firstDay,
      lastDay: orderItems.lastDay,
    })
    .from(expiryReminders)
    .innerJoin(orderItems, eq(orderItems.id, expiryReminders.orderItemId))
    .where(eq(expiryReminders.id, reminderId));
  if (!item?.categoryCode || !item.type || !item.plate || !item.country || !item.lastDay) return null;
  return sameAgain(
    {
      categoryCode: item.categoryCode,
      type: item.type,
      plate: item.plate,
      country: item.country,
      county: item.county,
    },
    { firstDay: item.firstDay ?? item.lastDay, lastDay: item.lastDay },
    now,
  );
}
