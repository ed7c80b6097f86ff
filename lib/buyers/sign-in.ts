import 'server-only';

import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import { signingSecret } from '@/lib/auth/tokens';
import type { Db } from '@/lib/db/client';
import { buyerSessions, buyerSignInLinks, orders, outbox } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/routing';
import { BUYER_SIGN_IN } from '@/lib/mail/buyer-sign-in';
import { takeToken, type RateLimit } from '@/lib/api/rate-limit';
import { kick } from '@/lib/server/jobs';
import { newSecretToken, parseSecretToken, sealToken, secretMatches } from '@/lib/security/secret-tokens';
import { BUYER_SESSION_TTL_MS, normaliseEmail, SIGN_IN_LINK_TTL_MS } from './my-orders-rules';

/*
 * "My orders" without an account: a buyer gives an e-mail, the shop mails that address a link that works once for
 * 30 minutes, and the link opens a day-long session on the browser that used it, in which the buyer sees that
 * e-mail's orders and nothing else.
 */

/** The limits of asking for a link: per client address (answered 429), and per e-mail (silently, see below). */
export const SIGN_IN_LIMITS = {
  linkPerAddress: { name: 'my-orders-link', burst: 5, perMinute: 1 },
  /** Three links at once, then one every five minutes: nobody can flood a mailbox through the shop. */
  linkPerEmail: { name: 'my-orders-link-email', burst: 3, perMinute: 0.2 },
  /** Redeeming links and ending sessions. */
  session: { name: 'my-orders-session', burst: 10, perMinute: 5 },
} as const satisfies Record<string, RateLimit>;

/**
 * Links and sessions are kept a day past their expiry (for the staff's questions of "I never got it"), then deleted
 * with the e-mail they name, by the next request for a link.
 */
export const SIGN_IN_RETENTION_MS = 24 * 3600_000;

/**
 * The e-mail's bucket is named by an HMAC under the shop's secret: the rate-limit table never holds an address, nor a
 * plain hash that a list of guessed addresses would find.
 */
const emailSubject = (email: string, secret: Uint8Array) =>
  createHmac('sha256', secret).update(`my-orders:${email}`).digest('base64url').slice(0, 22);

/**
 * Asks for a sign-in link to `email`'s orders. Whether the address has orders is never told: the caller answers the
 * same in every case, and the same statements run in every case (the link row is written either way, and the
 * e-mail is queued by one `insert … select … where exists`, which queues nothing for an address without orders), so
 * neither the answer nor its timing tells who bought. Past the per-e-mail limit nothing is written, for any address.
 */
export async function requestSignInLink(
  db: Db,
  request: { email: string; locale: Locale },
  now = new Date(),
): Promise<void> {
  const email = normaliseEmail(request.email);
  const secret = await signingSecret(db);
  const verdict = await takeToken(db, SIGN_IN_LIMITS.linkPerEmail, emailSubject(email, secret), now);
  if (!verdict.allowed) return;
  const { id, token, hash } = newSecretToken();
  const sealed = sealToken(token, secret);
  const details = JSON.stringify({ linkId: id, locale: request.locale, token: sealed });
  await db.transaction(async (tx) => {
    await tx.insert(buyerSignInLinks).values({
      id,
      tokenHash: hash,
      email,
      locale: request.locale,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
    });
    await tx.execute(sql`
      insert into ${outbox} (kind, recipient, details, created_at, next_attempt_at)
      select ${BUYER_SIGN_IN}, ${email}, ${details}::jsonb, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      where exists (select 1 from ${orders} where lower(${orders.email}) collate "C" = ${email})`);
    const before = new Date(now.getTime() - SIGN_IN_RETENTION_MS);
    await tx.delete(buyerSignInLinks).where(lt(buyerSignInLinks.expiresAt, before));
    await tx.delete(buyerSessions).where(lt(buyerSessions.expiresAt, before));
  });
  // Kicked either way: a pass with nothing to send costs one read.
  kick('mail');
}

/** A session opened by a link: the cookie's value and until when it holds. */
export interface OpenedSession {
  token: string;
  email: string;
  expiresAt: Date;
}

/**
 * Redeems a sign-in link: once, within its 30 minutes, under the row's lock (two presses at once open one session).
 * 404 for a token that is no link's, 410 for a link used or expired (the buyer asks for a new one).
 */
export async function redeemSignInLink(db: Db, token: string, now = new Date()): Promise<OpenedSession> {
  const parsed = parseSecretToken(token);
  if (!parsed) throw new ApiError('NOT_FOUND', 'No such sign-in link');
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(buyerSignInLinks)
      .where(eq(buyerSignInLinks.id, parsed.id))
      .for('update');
    if (!link || !secretMatches(parsed.secret, link.tokenHash))
      throw new ApiError('NOT_FOUND', 'No such sign-in link');
    if (link.usedAt || link.expiresAt <= now)
      throw new ApiError(
        'GONE',
        'This sign-in link was used already or has expired: a link works once, for 30 minutes. Ask for a new one.',
      );
    await tx.update(buyerSignInLinks).set({ usedAt: now }).where(eq(buyerSignInLinks.id, link.id));
    const session = newSecretToken();
    const expiresAt = new Date(now.getTime() + BUYER_SESSION_TTL_MS);
    await tx.insert(buyerSessions).values({
      id: session.id,
      tokenHash: session.hash,
      email: link.email,
      createdAt: now,
      expiresAt,
    });
    return { token: session.token, email: link.email, expiresAt };
  });
}

/** The session a cookie value stands for, while it holds: its id and e-mail; null otherwise. */
export async function findBuyerSession(
  db: Db,
  cookieValue: string | undefined,
  now = new Date(),
): Promise<{ id: string; email: string } | null> {
  const parsed = cookieValue ? parseSecretToken(cookieValue) : null;
  if (!parsed) return null;
  const [session] = await db
    .select()
    .from(buyerSessions)
    .where(
      and(eq(buyerSessions.id, parsed.id), isNull(buyerSessions.endedAt), gt(buyerSessions.expiresAt, now)),
    );
  if (!session || !secretMatches(parsed.secret, session.tokenHash)) return null;
  return { id: session.id, email: session.email };
}

/** {@link findBuyerSession} for a route handler: 401 when the browser holds no live session. */
export async function requireBuyerSession(db: Db, cookieValue: string | undefined, now = new Date()) {
  const session = await findBuyerSession(db, cookieValue, now);
  if (!session)
    throw new ApiError(
      'UNAUTHORIZED',
      'No session, or it ended: ask for a sign-in link with POST /api/my-orders/link',
    );
  return session;
}

/** Ends the session of a cookie value, if it is a live one; ending none is no error (the cookie goes either way). */
export async function endBuyerSession(
  db: Db,
  cookieValue: string | undefined,
  now = new Date(),
): Promise<void> {
  const session = await findBuyerSession(db, cookieValue, now);
  if (session) await db.update(buyerSessions).set({ endedAt: now }).where(eq(buyerSessions.id, session.id));
}
