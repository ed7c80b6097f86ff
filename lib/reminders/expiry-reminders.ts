import 'server-only';

import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { signingSecret } from '@/lib/auth/tokens';
import { getConfig } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { locales, routing } from '@/lib/i18n/routing';
import { expiryReminders, orders, outbox, reminderUnsubscribes } from '@/lib/db/schema';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import type { VignetteType } from '@/lib/vignettes/periods';
import { isReminderDue, reminderWindow } from './rules';

/*
 * Expiry reminders (docs/architecture.md, Jobs): a buyer who ticked the separate consent at checkout is mailed once per
 * delivered vignette before it ends, with "buy the same again" and a one-click unsubscribe (RFC 8058). The rules of
 * the day are in ./rules.ts; this module chooses, records and signs.
 */

/** The outbox kind of an expiry reminder (its message: lib/mail/expiry-reminder.ts). */
export const EXPIRY_REMINDER = 'EXPIRY_REMINDER';

/** The statuses of an order paid and not given back: the states an order placed from a reminder counts in. */
const PAID_STATUSES = ['PAID', 'FULFILLED', 'FULFILLMENT_FAILED'] as const;

/** What a reminder's token opens: its unsubscribe, or its "buy the same again". */
export type ReminderTokenPurpose = 'unsubscribe' | 'again';

const tokenMac = (secret: Uint8Array, purpose: ReminderTokenPurpose, id: number) =>
  createHmac('sha256', secret).update(`expiry-reminder:${purpose}:${id}`).digest('base64url').slice(0, 22);

/**
 * A reminder's token for one purpose, `{id}.{mac}`: an HMAC under the shop's secret, so a link works without signing
 * in and only for its own reminder, and a "buy again" link cannot unsubscribe.
 */
export async function reminderToken(
  db: Db,
  reminderId: number,
  purpose: ReminderTokenPurpose,
): Promise<string> {
  return `${reminderId}.${tokenMac(await signingSecret(db), purpose, reminderId)}`;
}

/** The reminder a token names, if its signature holds for the purpose; null for anything else. */
export async function reminderOfToken(
  db: Db,
  token: string | null | undefined,
  purpose: ReminderTokenPurpose,
): Promise<number | null> {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})$/.exec(token ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(tokenMac(await signingSecret(db), purpose, id));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/**
 * Where a reminder's one-click unsubscribe posts (List-Unsubscribe, RFC 8058); a GET there is sent on to the page with
 * its button, in the buyer's language.
 */
export const unsubscribeUrl = (locale: string, token: string) =>
  `${getConfig().siteUrl}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}&lang=${locale}`;

/** The page that asks before unsubscribing (a mail scanner's GET changes nothing), in a known language or the default. */
export const unsubscribePagePath = (locale: string | null, token: string) =>
  `/${locales.find((known) => known === locale) ?? routing.defaultLocale}/reminders/unsubscribe?token=${encodeURIComponent(token)}`;

export const unsubscribePageUrl = (locale: string, token: string) =>
  `${getConfig().siteUrl}${unsubscribePagePath(locale, token)}`;

/** The page that fills the cart with the same vignettes again and opens the vignette page. */
export const sameAgainUrl = (locale: string, token: string) =>
  `${getConfig().siteUrl}/${locale}/reminders/again?token=${encodeURIComponent(token)}`;

/** A vignette due for a reminder. */
interface DueVignette {
  itemId: number;
  orderId: string;
  email: string;
  type: VignetteType;
  lastDay: string;
}

/** Read at a time; the job's timer takes the rest. */
const CHOOSE_BATCH = 500;

/**
 * The delivered vignettes whose reminder may be due: of a paid, delivered order not refunded (no refund but a
 * refused one or that of a second payment), whose buyer consented and has not unsubscribed since, with no reminder
 * yet, and not already followed by a later vignette for the same vehicle, category and county (the buyer renewed).
 */
async function candidates(db: Db, now: Date) {
  const { from, to } = reminderWindow(now);
  const result = (await db.execute(sql`
    select i.id as item_id, o.id as order_id, lower(o.email) as email, i.vignette_type, i.last_day::text as last_day
    from order_items i join orders o on o.id = i.order_id
    where o.kind = 'VIGNETTE' and o.status in ('FULFILLED', 'FULFILLMENT_FAILED')
      and o.reminder_consent_at is not null
      and i.issued_id is not null and i.vignette_type is not null
      and i.last_day between ${from}::date and ${to}::date
      and not exists (select 1 from expiry_reminders r where r.order_item_id = i.id)
      and not exists (
        select 1 from refunds f
        where f.order_id = o.id and f.status <> 'REFUSED' and f.provider_payment_id is null)
      and not exists (
        select 1 from reminder_unsubscribes u
        where u.email = lower(o.email) and u.created_at >= o.reminder_consent_at)
      and not exists (
        select 1 from order_items j join orders p on p.id = j.order_id
        where j.plate = i.plate and j.country = i.country and j.category_code = i.category_code
          and j.county is not distinct from i.county and j.last_day > i.last_day
          and p.status in ('PAID', 'FULFILLED', 'FULFILLMENT_FAILED'))
    order by i.last_day, i.id
    limit ${CHOOSE_BATCH}`)) as unknown as {
    rows: {
      item_id: number;
      order_id: string;
      email: string;
      vignette_type: VignetteType;
      last_day: string;
    }[];
  };
  return result.rows;
}

export interface QueueRemindersOptions {
  /**
   * Called after each reminder is chosen and committed, before it is sent: the tests stop the pass there as a crash
   * would (the outbox sends what was committed; nothing is chosen twice).
   */
  afterChosen?: (reminderId: number) => void;
}

/**
 * Chooses the reminders due at `now` and queues each through the outbox. Choosing is one transaction per vignette:
 * the reminder's row (unique per item, so two servers or a rerun after a crash never choose it twice) and its outbox
 * row commit together, and the mail job sends the outbox row at least once. Returns how many were queued.
 */
export async function queueExpiryReminders(
  db: Db,
  now: Date = new Date(),
  options: QueueRemindersOptions = {},
): Promise<number> {
  const rows = await candidates(db, now);
  const due: DueVignette[] = rows
    .map((row) => ({
      itemId: Number(row.item_id),
      orderId: row.order_id,
      email: row.email,
      type: row.vignette_type,
      lastDay: row.last_day,
    }))
    .filter((vignette) => isReminderDue(vignette.type, vignette.lastDay, now));
  let queued = 0;
  for (const vignette of due) {
    const reminderId = await db.transaction(async (tx) => {
      const [reminder] = await tx
        .insert(expiryReminders)
        .values({ orderItemId: vignette.itemId, orderId: vignette.orderId, email: vignette.email })
        .onConflictDoNothing()
        .returning({ id: expiryReminders.id });
      if (!reminder) return null;
      const [row] = await tx
        .insert(outbox)
        .values({
          kind: EXPIRY_REMINDER,
          orderId: vignette.orderId,
          details: { reminderId: String(reminder.id) },
        })
        .returning({ id: outbox.id });
      await tx.update(expiryReminders).set({ outboxId: row!.id }).where(eq(expiryReminders.id, reminder.id));
      return reminder.id;
    });
    if (reminderId === null) continue;
    queued++;
    options.afterChosen?.(reminderId);
  }
  return queued;
}

/** Whether the buyer of an order consented at `consentAt` and has not unsubscribed since. */
export async function stillWanted(db: Db, email: string, consentAt: Date | null): Promise<boolean> {
  if (!consentAt) return false;
  const [unsubscribed] = await db
    .select({ at: reminderUnsubscribes.createdAt })
    .from(reminderUnsubscribes)
    .where(eq(reminderUnsubscribes.email, email.trim().toLowerCase()));
  return !unsubscribed || unsubscribed.at < consentAt;
}

/**
 * Unsubscribes the address a reminder went to from all expiry reminders, now and for every order it placed so far
 * (a consent given on a later order counts again for that one). Idempotent; false for a token that does not hold.
 */
export async function unsubscribeFromReminders(db: Db, token: string | null | undefined, now = new Date()) {
  const reminderId = await reminderOfToken(db, token, 'unsubscribe');
  if (reminderId === null) return false;
  const [reminder] = await db
    .select({ email: expiryReminders.email })
    .from(expiryReminders)
    .where(eq(expiryReminders.id, reminderId));
  if (!reminder) return false;
  await db
    .insert(reminderUnsubscribes)
    .values({ email: reminder.email, createdAt: now })
    .onConflictDoUpdate({ target: reminderUnsubscribes.email, set: { createdAt: now } });
  return true;
}

/** What staff see of the reminders: how many went out, and how many buyers came back through one and paid. */
export interface ReminderFigures {
  /** Reminders the mail server accepted. */
  sent: number;
  /** Orders placed from a reminder's "buy the same again" link and paid. */
  ordersBack: number;
  /** The distinct buyers (e-mail addresses) of those orders. */
  buyersBack: number;
}

/**
 * The instants of a range of calendar days in Romania, both ends included, as SQL bounds: the back-office's ranges are
 * the shop's days.
 */
const withinDays = (column: SQL | AnyPgColumn, range?: { from: string; to: string }) =>
  range
    ? sql`${column} >= (${range.from}::timestamp at time zone ${SHOP_TIME_ZONE})
      and ${column} < ((${range.to}::timestamp + interval '1 day') at time zone ${SHOP_TIME_ZONE})`
    : undefined;

/**
 * The reminders' figures for the back-office: those sent on the range's days, and the paid orders placed on them from
 * a reminder's link, with their distinct buyers; all time without a range.
 */
export async function reminderFigures(
  db: Db,
  range?: { from: string; to: string },
): Promise<ReminderFigures> {
  const [sent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(expiryReminders)
    .innerJoin(outbox, eq(outbox.id, expiryReminders.outboxId))
    .where(
      and(
        sql`${outbox.sentAt} is not null and ${outbox.lastError} is null`,
        withinDays(outbox.sentAt, range),
      ),
    );
  const [back] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      buyers: sql<number>`count(distinct lower(${orders.email}))::int`,
    })
    .from(orders)
    .where(
      and(
        sql`${orders.fromReminderId} is not null`,
        sql`${orders.status} in (${sql.join(
          PAID_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})`,
        withinDays(orders.createdAt, range),
      ),
    );
  return { sent: sent?.count ?? 0, ordersBack: back?.orders ?? 0, buyersBack: back?.buyers ?? 0 };
}
