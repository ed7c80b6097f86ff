import 'server-only';

import { eq, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/client';
import { loginThrottle, users } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import { hashPassword, verifyPassword } from './password';
import { issueToken } from './tokens';

/** Wrong passwords in a row that lock an account, and for how long (issue 6). */
export const MAX_FAILED_LOGINS = 10;
export const LOCK_MINUTES = 30;
/** Failures an address may make before each further one makes it wait: 2 s, 4 s, 8 s, ... up to a minute. */
export const FREE_FAILURES_PER_ADDRESS = 5;
const MAX_ADDRESS_WAIT_SECONDS = 60;
/** An address's count is forgotten after a quiet hour. */
const ADDRESS_MEMORY_MS = 3600_000;

export class TooManyAttemptsError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', 'Too many failed sign-ins; try again later');
  }
}

const WRONG_CREDENTIALS = () => new ApiError('UNAUTHORIZED', 'Wrong username or password');

/** A hash of nothing anyone knows: an unknown user costs the same argon2 work as a wrong password. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(`decoy-${Math.random()}`));

const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

export interface SignedIn {
  token: string;
  username: string;
  mustChangePassword: boolean;
}

/**
 * Checks a username and password (DESIGN.md §9). The same answer for an unknown user and a wrong password; an
 * address that keeps failing waits longer before each try; an account is locked for 30 minutes after 10 wrong
 * passwords in a row. Returns a fresh token.
 */
export async function signIn(
  db: Db,
  { username, password, address }: { username: string; password: string; address: string },
  now = new Date(),
): Promise<SignedIn> {
  const [throttle] = await db.select().from(loginThrottle).where(eq(loginThrottle.address, address));
  if (throttle?.blockedUntil && throttle.blockedUntil > now) {
    throw new TooManyAttemptsError(secondsUntil(throttle.blockedUntil, now));
  }
  const [user] = await db.select().from(users).where(eq(users.username, username));
  if (user?.lockedUntil && user.lockedUntil > now) {
    throw new TooManyAttemptsError(secondsUntil(user.lockedUntil, now));
  }

  const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), password);
  if (!user || !valid) {
    await recordFailure(db, { address, userId: user?.id, now });
    throw WRONG_CREDENTIALS();
  }

  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  await db.delete(loginThrottle).where(eq(loginThrottle.address, address));
  logger.info({ userId: user.id }, 'signed in');
  return {
    token: await issueToken(db, { sub: user.id, ver: user.tokenVersion }, now),
    username: user.username,
    mustChangePassword: user.mustChangePassword,
  };
}

async function recordFailure(
  db: Db,
  { address, userId, now }: { address: string; userId?: string; now: Date },
) {
  if (userId) {
    // One statement, so that parallel guesses cannot slip past the limit between a read and a write.
    const [counted] = await db
      .update(users)
      .set({
        failedLogins: sql`${users.failedLogins} + 1`,
        lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${MAX_FAILED_LOGINS}
          then ${new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString()}::timestamptz else null end`,
      })
      .where(eq(users.id, userId))
      .returning({ failedLogins: users.failedLogins });
    if (counted && counted.failedLogins >= MAX_FAILED_LOGINS)
      logger.warn({ userId }, 'account locked after failed sign-ins');
  }
  const forgetBefore = new Date(now.getTime() - ADDRESS_MEMORY_MS).toISOString();
  const [row] = await db
    .insert(loginThrottle)
    .values({ address, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.address,
      set: {
        failures: sql`case when ${loginThrottle.lastFailureAt} < ${forgetBefore}::timestamptz then 1 else ${loginThrottle.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: loginThrottle.failures });
  const over = (row?.failures ?? 0) - FREE_FAILURES_PER_ADDRESS;
  if (over > 0) {
    const waitSeconds = Math.min(2 ** over, MAX_ADDRESS_WAIT_SECONDS);
    await db
      .update(loginThrottle)
      .set({ blockedUntil: new Date(now.getTime() + waitSeconds * 1000) })
      .where(eq(loginThrottle.address, address));
  }
}
