import 'server-only';

import { lt, sql } from 'drizzle-orm';
import { ApiError } from './errors';
import { clientBucket } from './request';
import { getConfig } from '@/lib/config/env';
import { getDb, type Db } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { loginThrottle, rateBuckets } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';

/**
 * A token bucket: `burst` requests at once, then `perMinute` more each minute. Every limit is scaled by
 * RATE_LIMIT_MULTIPLIER (the test suite raises it; a shop behind a carrier-grade NAT may too).
 */
export interface RateLimit {
  name: string;
  burst: number;
  perMinute: number;
}

/** The public endpoints' limits, per client address, an IPv6 client's /64 (README, "Security"). */
export const RATE_LIMITS = {
  /** Each order opens a real session at the payment provider. */
  order: { name: 'order', burst: 10, perMinute: 5 },
  quote: { name: 'quote', burst: 60, perMinute: 60 },
  signIn: { name: 'sign-in', burst: 20, perMinute: 10 },
  resend: { name: 'resend', burst: 5, perMinute: 2 },
  /** The buyer's invoice and credit-note downloads: each renders a PDF. */
  document: { name: 'document', burst: 10, perMinute: 10 },
  paymentReturn: { name: 'return', burst: 20, perMinute: 20 },
  /**
   * `GET /api/orders/{id}` and the order page (whose look-up in proxy.ts is the one read it counts): a page that
   * refreshes itself every 3 s while the payment is under way takes 20 a minute.
   */
  orderRead: { name: 'order-read', burst: 60, perMinute: 60 },
  /** The validity check by plate (its page and `GET /api/vignettes/check`): a driver checks a car or two, not a list. */
  plateCheck: { name: 'plate-check', burst: 20, perMinute: 20 },
  /** Notifications that fail their checks: past this, they are refused without a row in payment_notifications. */
  rejectedNotification: { name: 'rejected-notification', burst: 30, perMinute: 30 },
} as const satisfies Record<string, RateLimit>;

export interface BucketVerdict {
  allowed: boolean;
  /** Whole seconds until the next token, when refused. */
  retryAfterSeconds: number;
}

/** A bucket left alone this long is full again whatever its limit (and a sign-in count empty), so its row can go. */
const FORGET_AFTER_MS = 24 * 3600_000;
let takesSinceSweep = 0;

/** The take's one statement, built once (lib/db/prepared.ts): every quote and order sends it. */
const takeStatement = (db: Db) =>
  preparedStatement(db, 'rate_bucket_take', (executor) => {
    const at = sql`${sql.placeholder('at')}::timestamptz`;
    const refilled = sql`least(${sql.placeholder('capacity')}::float8, ${rateBuckets.tokens} + greatest(0, extract(epoch from (${at} - ${rateBuckets.updatedAt}))) * ${sql.placeholder('perSecond')}::float8)`;
    return executor
      .insert(rateBuckets)
      .values({
        key: sql.placeholder('key'),
        tokens: sql.placeholder('firstTokens'),
        updatedAt: sql.placeholder('now'),
        allowed: true,
      })
      .onConflictDoUpdate({
        target: rateBuckets.key,
        set: {
          tokens: sql`case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end`,
          allowed: sql`${refilled} >= 1`,
          updatedAt: at,
        },
      })
      .returning({ tokens: rateBuckets.tokens, allowed: rateBuckets.allowed })
      .prepare('rate_bucket_take');
  });

/**
 * Takes one token from the bucket of `limit` and `subject`, in one atomic upsert: the refill since the last take,
 * the cap, the take and the verdict are computed by the database in the same statement, so servers sharing the
 * database share the bucket and parallel requests cannot overdraw it. A refused take consumes nothing.
 */
export async function takeToken(
  db: Db,
  limit: RateLimit,
  subject: string,
  now = new Date(),
): Promise<BucketVerdict> {
  const multiplier = getConfig().RATE_LIMIT_MULTIPLIER;
  const capacity = Math.max(1, limit.burst * multiplier);
  const perSecond = (limit.perMinute * multiplier) / 60;
  const [row] = await takeStatement(db).execute({
    key: `${limit.name}:${subject}`,
    capacity,
    perSecond,
    firstTokens: capacity - 1,
    at: now.toISOString(),
    now,
  });
  if (++takesSinceSweep >= 1000) {
    takesSinceSweep = 0;
    const before = new Date(now.getTime() - FORGET_AFTER_MS);
    await db.delete(rateBuckets).where(lt(rateBuckets.updatedAt, before));
    // Sign-in counts leak away within hours too (lib/auth/throttle.ts).
    await db.delete(loginThrottle).where(lt(loginThrottle.lastFailureAt, before));
  }
  const allowed = row?.allowed ?? true;
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - (row?.tokens ?? 0)) / perSecond)),
  };
}

/** 429 with Retry-After once the address of `request` has used up `limit`. */
export async function enforceRateLimit(request: Request, limit: RateLimit, db?: Db): Promise<void> {
  const address = clientBucket(request);
  const verdict = await takeToken(db ?? (await getDb()), limit, address);
  if (verdict.allowed) return;
  logger.warn({ limit: limit.name, address }, 'rate limit reached');
  throw new ApiError('TOO_MANY_REQUESTS', 'Too many requests; try again later', undefined, {
    retryAfterSeconds: verdict.retryAfterSeconds,
  });
}
