import 'server-only';

import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { recordAudit } from '@/lib/auth/audit';
import type { Principal } from '@/lib/auth/guard';
import type { Db, Executor } from '@/lib/db/client';
import { exchangeRates } from '@/lib/db/schema';
import { readFeedStatus, type FeedStatus } from '@/lib/exchange-rate/feed-status';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { RATE_DECIMALS, type ExchangeRateUpdate } from '@/lib/validations/catalog';
import { RATE_IN_USE_FIRST } from './price-table';
import { invalidateProcessCache } from './process-cache';
import { lockCatalogWrites } from './write-lock';

/** Where a rate came from: the BNR feed, the shop's starting value, or staff by hand. */
export type RateSource = 'BNR' | 'SEED' | 'ADMIN';

export interface RateInUse {
  RON2HUF: number;
  /** The day the rate is for, `YYYY-MM-DD`: BNR's banking day, or the shop's day (Bucharest) a person set it. */
  date: string;
  source: RateSource;
  /** When the row was written, ISO 8601: the newest row is the one in use. */
  recordedAt: string;
}

/** `GET /api/admin/exchange-rate`. */
export interface ExchangeRateStatus {
  /** Null before any rate is known (the shop then refuses quotes). */
  rate: RateInUse | null;
  feed: FeedStatus & {
    /** Whether this server reads the feed at all (EXCHANGE_RATE_FEED_URL). */
    enabled: boolean;
  };
}

async function rateInUse(executor: Executor): Promise<RateInUse | null> {
  const [row] = await executor
    .select()
    .from(exchangeRates)
    .orderBy(...RATE_IN_USE_FIRST)
    .limit(1);
  return row
    ? {
        RON2HUF: Number(row.ron2huf),
        date: row.rateDate,
        source: row.source as RateSource,
        recordedAt: row.createdAt.toISOString(),
      }
    : null;
}

/** The rate in use and the feed job's last success and failure. */
export async function exchangeRateStatus(db: Db, feedEnabled: boolean): Promise<ExchangeRateStatus> {
  const [rate, feed] = await Promise.all([rateInUse(db), readFeedStatus(db)]);
  return { rate, feed: { enabled: feedEnabled, ...feed } };
}

/**
 * Puts a rate set by hand in use at once: one ADMIN row per day (set again the same day, it is overwritten and
 * becomes the newest row), with its audit entry in the same transaction, and this process's cached rate forgotten so
 * that the FAQ table and the next quote use it. It stays in use until the feed records a new day's rate. Orders already
 * made keep the rate they were priced with (`orders.ron2huf`).
 */
export async function setManualRate(
  db: Db,
  actor: Pick<Principal, 'id' | 'username'>,
  input: ExchangeRateUpdate,
  now: Date,
  feedEnabled: boolean,
): Promise<ExchangeRateStatus> {
  const day = DateTime.fromJSDate(now, { zone: SHOP_TIME_ZONE }).toISODate()!;
  const value = input.RON2HUF.toFixed(RATE_DECIMALS);
  await db.transaction(async (tx) => {
    await lockCatalogWrites(tx);
    const before = await rateInUse(tx);
    await tx
      .insert(exchangeRates)
      .values({ rateDate: day, ron2huf: value, source: 'ADMIN' })
      // The database's clock, as for the feed's rows: "newest" compares times written by one clock.
      .onConflictDoUpdate({
        target: [exchangeRates.rateDate, exchangeRates.source],
        set: { ron2huf: value, createdAt: sql`now()` },
      });
    await recordAudit(tx, actor, {
      action: 'catalog.exchangeRate',
      target: day,
      details: {
        from: before && { RON2HUF: before.RON2HUF, date: before.date, source: before.source },
        to: { RON2HUF: Number(value), date: day, source: 'ADMIN' },
      },
    });
  });
  invalidateProcessCache(db);
  return exchangeRateStatus(db, feedEnabled);
}
