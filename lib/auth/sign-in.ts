import 'server-only';

import { and, eq, inArray, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { getConfig } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { loginThrottle, users } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import { addressBucket } from '@/lib/security/peer-address';
import { hashPassword, verifyPassword } from './password';
import { attemptVerdict, blockedUntil, type ThrottlePolicy } from './throttle';
import { issueToken } from './tokens';

/**
 * One client address: five tries at once, then 2 s, 4 s, 8 s, ... up to 15 minutes between tries; a failure is
 * forgotten after 6 quiet minutes.
 */
export const ADDRESS_POLICY: ThrottlePolicy = {
  free: 5,
  leakSeconds: 360,
  firstDelaySeconds: 2,
  maxDelaySeconds: 900,
};
/**
 * One account, from every address together (a botnet guessing `admin`): ten tries, then delays up to 30 s only,
 * so that whoever guesses cannot keep the account's owner out for longer than that.
 */
export const ACCOUNT_POLICY: ThrottlePolicy = {
  free: 10,
  leakSeconds: 180,
  firstDelaySeconds: 1,
  maxDelaySeconds: 30,
};

export class TooManyAttemptsError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', 'Too many failed sign-ins; try again later', undefined, { retryAfterSeconds });
  }
}

const WRONG_CREDENTIALS = () => new ApiError('UNAUTHORIZED', 'Wrong username or password');

/** A hash of nothing anyone knows: an unknown user costs the same argon2 work as a wrong password. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(`decoy-${Math.random()}`));

export interface SignedIn {
  token: string;
  username: string;
  mustChangePassword: boolean;
}

const scaled = (policy: ThrottlePolicy): ThrottlePolicy => ({
  ...policy,
  free: policy.free * getConfig().RATE_LIMIT_MULTIPLIER,
});

/**
 * Counts one attempt under `key` before the password is checked, or refuses it (TooManyAttemptsError). The count
 * is written by a compare-and-set on the row read, retried when another attempt changed it meanwhile, so that
 * parallel attempts are each counted and cannot all slip through on the same reading.
 */
export async function countAttempt(db: Db, key: string, policy: ThrottlePolicy, now: Date): Promise<void> {
  for (;;) {
    const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.address, key));
    const verdict = attemptVerdict(row, now, scaled(policy));
    if (!verdict.allowed) throw new TooManyAttemptsError(verdict.retryAfterSeconds);
    const written = row
      ? await db
          .update(loginThrottle)
          .set(verdict.next)
          .where(
            and(
              eq(loginThrottle.address, key),
              eq(loginThrottle.failures, row.failures),
              eq(loginThrottle.lastFailureAt, row.lastFailureAt),
            ),
          )
          .returning({ key: loginThrottle.address })
      : await db
          .insert(loginThrottle)
          .values({ address: key, ...verdict.next })
          .onConflictDoNothing()
          .returning({ key: loginThrottle.address });
    if (written.length) return;
  }
}

/** Forgets the attempts counted under `key` (a right password). */
export const clearAttempts = (db: Db, key: string) =>
  db.delete(loginThrottle).where(eq(loginThrottle.address, key));

/** An IPv6 client is counted by its /64, like the other per-address limits. */
const addressKey = (address: string) => `address:${addressBucket(address)}`;
const accountKey = (username: string) => `account:${username.toLowerCase()}`;

/**
 * Until when each account's sign-ins are held back by its failures (usernames without a wait are left out): the
 * back-office's "blocked until", read from the same counts the sign-in checks.
 */
export async function accountsBlockedUntil(
  db: Db,
  usernames: string[],
  now = new Date(),
): Promise<Map<string, Date>> {
  if (!usernames.length) return new Map();
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.address, usernames.map(accountKey)));
  const byKey = new Map(rows.map((row) => [row.address, row]));
  const blocked = new Map<string, Date>();
  for (const username of usernames) {
    const until = blockedUntil(byKey.get(accountKey(username)), now, scaled(ACCOUNT_POLICY));
    if (until) blocked.set(username, until);
  }
  return blocked;
}

/** Forgets an account's failures (staff gave it a new password). */
export const clearAccountAttempts = (db: Db, username: string) => clearAttempts(db, accountKey(username));

/**
 * Checks a username and password (docs/decisions/0011-rate-limits-in-the-database.md). The same answer for an unknown
 * user and a wrong password. The attempt is counted against the client's address and against the account before the
 * password is checked; a right password gives the address its attempt back and clears the account's count. Returns a
 * fresh token.
 */
export async function signIn(
  db: Db,
  { username, password, address }: { username: string; password: string; address: string },
  now = new Date(),
): Promise<SignedIn> {
  try {
    await countAttempt(db, addressKey(address), ADDRESS_POLICY, now);
    await countAttempt(db, accountKey(username), ACCOUNT_POLICY, now);
  } catch (error) {
    // Never the user name typed: it is sometimes a mistyped password (the same below).
    if (error instanceof TooManyAttemptsError) logger.warn({ address }, 'sign-in refused: too many attempts');
    throw error;
  }
  const [user] = await db.select().from(users).where(eq(users.username, username));
  const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), password);
  if (!user || !valid) {
    logger.warn({ address, knownUser: Boolean(user), userId: user?.id }, 'sign-in failed');
    throw WRONG_CREDENTIALS();
  }

  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(0, ${loginThrottle.failures} - 1)` })
    .where(eq(loginThrottle.address, addressKey(address)));
  await clearAttempts(db, accountKey(username));
  logger.info({ userId: user.id }, 'signed in');
  return {
    token: await issueToken(db, { sub: user.id, ver: user.tokenVersion }, now),
    username: user.username,
    mustChangePassword: user.mustChangePassword,
  };
}
