import 'server-only';

import { inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { settings } from '@/lib/db/schema';
import {
  BnrFeedError,
  BnrFetchError,
  type BnrFeedReason,
  type BnrFetchReason,
  type BnrRate,
} from './bnr-feed';

/**
 * What the back-office shows of the BNR feed job: when it last brought a rate and when it last failed, and why. Kept
 * in `settings` (one row each, overwritten) so that every server's job reports to the same place.
 */

const LAST_SUCCESS = 'exchangeRate.feed.lastSuccess';
const LAST_FAILURE = 'exchangeRate.feed.lastFailure';

/** A failure's kind: the feed's own (bnr-feed.ts), or UNKNOWN for anything else (e.g. the database while storing). */
export type FeedFailureReason = BnrFetchReason | BnrFeedReason | 'UNKNOWN';

export interface FeedSuccess {
  /** When the job read the feed, ISO 8601. */
  at: string;
  /** The banking day of the rate it read. */
  date: string;
  RON2HUF: number;
}

export interface FeedFailure {
  at: string;
  reason: FeedFailureReason;
  /** The HTTP status, when the feed answered with an error. */
  status?: number;
  /** In English, for the technical team: the address and what went wrong. */
  message: string;
}

export interface FeedStatus {
  lastSuccess: FeedSuccess | null;
  lastFailure: FeedFailure | null;
}

async function put(db: Db, key: string, value: FeedSuccess | FeedFailure) {
  const text = JSON.stringify(value);
  await db
    .insert(settings)
    .values({ key, value: text })
    .onConflictDoUpdate({ target: settings.key, set: { value: text } });
}

export function recordFeedSuccess(db: Db, rate: BnrRate, at: Date): Promise<void> {
  return put(db, LAST_SUCCESS, { at: at.toISOString(), date: rate.date, RON2HUF: rate.ron2huf });
}

export function recordFeedFailure(db: Db, error: unknown, at: Date): Promise<void> {
  const known = error instanceof BnrFetchError || error instanceof BnrFeedError;
  return put(db, LAST_FAILURE, {
    at: at.toISOString(),
    reason: known ? error.reason : 'UNKNOWN',
    ...(error instanceof BnrFetchError && error.status !== undefined ? { status: error.status } : {}),
    message: error instanceof Error ? error.message : String(error),
  });
}

const parse = <T>(text: string | undefined): T | null => {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

export async function readFeedStatus(db: Db): Promise<FeedStatus> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [LAST_SUCCESS, LAST_FAILURE]));
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return {
    lastSuccess: parse<FeedSuccess>(value(LAST_SUCCESS)),
    lastFailure: parse<FeedFailure>(value(LAST_FAILURE)),
  };
}
