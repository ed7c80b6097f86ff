import 'server-only';

import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getConfig, loopbackOrigin, type Config } from '@/lib/config/env';
import { sandboxIsServed } from '@/lib/config/live-mode';
import type { Db } from '@/lib/db/client';
import { getSandboxKeys, type SandboxKeys } from '@/lib/db/generated-secrets';
import { preparedStatement } from '@/lib/db/prepared';
import { sandboxPayments } from '@/lib/db/schema';
import { logger } from '@/lib/log/logger';
import { kick } from '@/lib/server/jobs';
import { DUPLICATE_ORDER_ERROR } from '@/lib/payment-provider/netopia/client';
import { buildNotificationBody, signNotification } from '@/lib/payment-provider/netopia/notification';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';
import { text } from '@/lib/validations/text';

/**
 * The built-in sandbox provider (docs/decisions/0014-built-in-sandbox-providers.md): a faithful fake of Netopia's v2
 * API, served by the shop itself when PAYMENT_PROVIDER=sandbox. It keeps its own records, shows its own card form,
 * decides by Netopia's sandbox test cards, and sends RS512-signed notifications with retries, so the shop's payment
 * code runs exactly as in production.
 */
export const SANDBOX_POS_SIGNATURE = 'SANDBOX-POS-SIGNATURE';

/**
 * Whether the sandbox is the configured provider. Decided at run time, not baked into the build: with
 * PAYMENT_PROVIDER=netopia every sandbox route and page answers 404, so the shop's domain carries no card form, no
 * open redirect and no notification sender of its own.
 */
export const sandboxIsLive = (config: Config = getConfig()) =>
  sandboxIsServed(config.PAYMENT_PROVIDER === 'sandbox', config);

/** Where the sandbox may send the buyer back and post its notifications: the shop itself, nowhere else. */
export interface SandboxSite {
  /** The base address of the card form's page (the shop's public address). */
  formBaseUrl: string;
  redirectOrigins: string[];
  notifyOrigins: string[];
}

export function sandboxSite(config: Config = getConfig()): SandboxSite {
  const shop = new URL(config.siteUrl).origin;
  return {
    formBaseUrl: config.siteUrl,
    redirectOrigins: [shop],
    notifyOrigins: [shop, loopbackOrigin(config)],
  };
}

/**
 * Where a recorded notification is sent. Every server of the shop applies a notification alike (they share the
 * database), so one recorded for a server's loopback address, whichever server started the payment, goes to this
 * server's own loopback: the server that claimed it may be another one. Otherwise it must be on the shop's origin.
 * Anywhere else: null, never sent.
 */
export function notificationTarget(notifyUrl: string, config: Config = getConfig()): string | null {
  let parsed: URL;
  try {
    parsed = new URL(notifyUrl);
  } catch {
    return null;
  }
  if (parsed.protocol === 'http:' && parsed.hostname === '127.0.0.1') {
    return `${loopbackOrigin(config)}${parsed.pathname}${parsed.search}`;
  }
  return isOnOrigin(notifyUrl, [new URL(config.siteUrl).origin]) ? notifyUrl : null;
}

/** Whether `url` is an http(s) address on one of `origins`. */
export function isOnOrigin(url: string, origins: string[]): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && origins.includes(parsed.origin);
  } catch {
    return false;
  }
}
export const SANDBOX_CVV = '111';
/** How long the card form stays open (SANDBOX_PAYMENT_TTL_SECONDS). */
export const sandboxTtlSeconds = () => getConfig().SANDBOX_PAYMENT_TTL_SECONDS;

type CardOutcome = { status: number; code: string; message: string } | { threeDSecure: true };

/** Netopia's sandbox test cards (CVV 111 for all), and one more that asks for a 3-D Secure code. */
export const TEST_CARDS: Record<string, { label: string; outcome: CardOutcome }> = {
  '9900004810225098': {
    label: 'accepted',
    outcome: { status: NETOPIA_STATUS.PAID, code: '00', message: 'Approved' },
  },
  '9900518572831942': {
    label: 'insufficient funds',
    outcome: { status: NETOPIA_STATUS.DECLINED, code: '51', message: 'Insufficient funds' },
  },
  '9900541631437790': {
    label: 'expired card',
    outcome: { status: NETOPIA_STATUS.DECLINED, code: '54', message: 'Expired card' },
  },
  '9900827979991500': {
    label: 'wrong CVV',
    outcome: { status: NETOPIA_STATUS.DECLINED, code: '82', message: 'Invalid CVV' },
  },
  '9900005786662552': {
    label: 'antifraud',
    outcome: { status: NETOPIA_STATUS.FRAUD, code: '59', message: 'Suspected fraud' },
  },
  '9900576270414197': {
    label: 'not permitted',
    outcome: { status: NETOPIA_STATUS.DECLINED, code: '57', message: 'Transaction not permitted' },
  },
  '9900130597497640': {
    label: 'bank error',
    outcome: { status: NETOPIA_STATUS.ERROR, code: '96', message: 'Bank system error' },
  },
  '9900009184214768': { label: '3-D Secure (code 123)', outcome: { threeDSecure: true } },
};
export const THREE_DS_CODE = '123';

const startBody = z.object({
  config: z.object({
    notifyUrl: text().url(),
    redirectUrl: text().url(),
    language: text().default('ro'),
  }),
  order: z.object({
    posSignature: text(),
    orderID: text().min(1).max(64),
    amount: z.number().positive(),
    currency: z.literal('RON'),
    description: text().default(''),
    billing: z.object({ email: text() }),
  }),
});

export interface SandboxAnswer {
  status: number;
  json: unknown;
}

const toBani = (amount: number) => Math.round(amount * 100);

/** `POST /payment/card/start` of the sandbox: the same contract and error codes as Netopia's (56 reused order, 99 other amount). */
export async function sandboxStart(
  db: Db,
  body: unknown,
  site: SandboxSite,
  now = new Date(),
): Promise<SandboxAnswer> {
  const parsed = startBody.safeParse(body);
  if (!parsed.success) return { status: 400, json: { error: { code: '11', message: 'Invalid request' } } };
  const { config, order } = parsed.data;
  // The buyer and the notification go only to the shop itself: no open redirect, no request to another host.
  if (
    !isOnOrigin(config.redirectUrl, site.redirectOrigins) ||
    !isOnOrigin(config.notifyUrl, site.notifyOrigins)
  ) {
    logger.warn({ orderId: order.orderID }, 'sandbox start refused: redirect or notify address off-site');
    return {
      status: 400,
      json: { error: { code: '11', message: "redirectUrl and notifyUrl must be on the shop's own address" } },
    };
  }
  if (order.posSignature !== SANDBOX_POS_SIGNATURE)
    return { status: 401, json: { error: { code: '401', message: 'Unknown POS signature' } } };

  // One statement for a new order (the usual case); the payment the order id already has is read only when it has one.
  const ntpId = randomBytes(9).toString('base64url');
  const inserted = await preparedStatement(db, 'sandbox_payment_start', (on) =>
    on
      .insert(sandboxPayments)
      .values({
        ntpId: sql.placeholder('ntpId'),
        orderId: sql.placeholder('orderId'),
        amountBani: sql.placeholder('amountBani'),
        currency: sql.placeholder('currency'),
        description: sql.placeholder('description'),
        email: sql.placeholder('email'),
        language: sql.placeholder('language'),
        notifyUrl: sql.placeholder('notifyUrl'),
        redirectUrl: sql.placeholder('redirectUrl'),
        expiresAt: sql.placeholder('expiresAt'),
      })
      .onConflictDoNothing({ target: sandboxPayments.orderId })
      .returning({ ntpId: sandboxPayments.ntpId })
      .prepare('sandbox_payment_start'),
  ).execute({
    ntpId,
    orderId: order.orderID,
    amountBani: toBani(order.amount),
    currency: order.currency,
    description: order.description,
    email: order.billing.email,
    language: config.language,
    notifyUrl: config.notifyUrl,
    redirectUrl: config.redirectUrl,
    expiresAt: new Date(now.getTime() + sandboxTtlSeconds() * 1000),
  });
  if (!inserted.length) {
    const [existing] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderId, order.orderID));
    const code = existing?.amountBani === toBani(order.amount) ? DUPLICATE_ORDER_ERROR : '99';
    return {
      status: 200,
      json: {
        error: {
          code,
          message:
            code === DUPLICATE_ORDER_ERROR ? 'Duplicate order ID' : 'Order ID reused with another amount',
        },
      },
    };
  }
  return {
    status: 200,
    json: {
      error: { code: '101', message: 'Redirect user to payment page' },
      payment: {
        method: 1,
        ntpID: ntpId,
        status: NETOPIA_STATUS.NEW,
        amount: order.amount,
        currency: order.currency,
        paymentURL: `${site.formBaseUrl}/sandbox-pay/${ntpId}`,
      },
    },
  };
}

export type SandboxPayment = typeof sandboxPayments.$inferSelect;

/** The sandbox's payment ids: 9 random bytes, URL-safe (see sandboxStart). */
const isNtpId = (ntpId: string) => /^[\w-]{12}$/.test(ntpId);

/** The payment with that id; an id that cannot be one is unknown without asking the database. */
export async function findSandboxPayment(db: Db, ntpId: string): Promise<SandboxPayment | undefined> {
  if (!isNtpId(ntpId)) return undefined;
  const [payment] = await preparedStatement(db, 'sandbox_payment_by_id', (on) =>
    on
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.ntpId, sql.placeholder('ntpId')))
      .prepare('sandbox_payment_by_id'),
  ).execute({ ntpId });
  return payment;
}

/** Marks a payment whose form expired unpaid (status 23), to be notified like any other outcome. */
async function expireIfDue(db: Db, payment: SandboxPayment, now: Date): Promise<SandboxPayment> {
  const open = payment.status === NETOPIA_STATUS.NEW || payment.status === NETOPIA_STATUS.THREE_D_AUTH;
  if (!open || payment.expiresAt > now) return payment;
  await db
    .update(sandboxPayments)
    .set({
      status: NETOPIA_STATUS.EXPIRED,
      errorCode: '23',
      errorMessage: 'Payment session expired',
      notifyNextAt: now,
    })
    .where(
      and(
        eq(sandboxPayments.ntpId, payment.ntpId),
        inArray(sandboxPayments.status, [NETOPIA_STATUS.NEW, NETOPIA_STATUS.THREE_D_AUTH]),
      ),
    );
  kick('sandbox-notifications');
  return { ...payment, status: NETOPIA_STATUS.EXPIRED };
}

export type PayResult =
  | { kind: 'DONE' | 'EXPIRED'; payment: SandboxPayment }
  | { kind: 'THREE_D_SECURE'; payment: SandboxPayment }
  | { kind: 'UNKNOWN' };

/** The card form's submission: the test card decides, as in Netopia's sandbox. */
export async function sandboxPay(
  db: Db,
  input: { ntpId: string; cardNumber: string; cvv: string; expiry: string },
  now = new Date(),
): Promise<PayResult> {
  const found = await findSandboxPayment(db, input.ntpId);
  if (!found) return { kind: 'UNKNOWN' };
  const payment = await expireIfDue(db, found, now);
  if (payment.status === NETOPIA_STATUS.EXPIRED) return { kind: 'EXPIRED', payment };
  if (payment.status !== NETOPIA_STATUS.NEW) return { kind: 'DONE', payment };

  const card = TEST_CARDS[input.cardNumber.replace(/\D/g, '')];
  const [month, year] = input.expiry.split('/').map((part) => Number(part.trim()));
  const expired = !month || !year || new Date(Date.UTC(2000 + (year % 100), month, 1)) <= now;
  let outcome: CardOutcome = card?.outcome ?? {
    status: NETOPIA_STATUS.DECLINED,
    code: '14',
    message: 'Invalid card number',
  };
  if (input.cvv !== SANDBOX_CVV)
    outcome = { status: NETOPIA_STATUS.DECLINED, code: '82', message: 'Invalid CVV' };
  else if (expired) outcome = { status: NETOPIA_STATUS.DECLINED, code: '54', message: 'Expired card' };

  if ('threeDSecure' in outcome) {
    await db
      .update(sandboxPayments)
      .set({ status: NETOPIA_STATUS.THREE_D_AUTH })
      .where(eq(sandboxPayments.ntpId, payment.ntpId));
    return { kind: 'THREE_D_SECURE', payment: { ...payment, status: NETOPIA_STATUS.THREE_D_AUTH } };
  }
  return settle(db, payment, outcome);
}

/** The 3-D Secure step: the right code pays, any other declines. */
export async function sandboxConfirm3ds(
  db: Db,
  input: { ntpId: string; code: string },
  now = new Date(),
): Promise<PayResult> {
  const found = await findSandboxPayment(db, input.ntpId);
  if (!found) return { kind: 'UNKNOWN' };
  const payment = await expireIfDue(db, found, now);
  if (payment.status === NETOPIA_STATUS.EXPIRED) return { kind: 'EXPIRED', payment };
  if (payment.status !== NETOPIA_STATUS.THREE_D_AUTH) return { kind: 'DONE', payment };
  return settle(
    db,
    payment,
    input.code.trim() === THREE_DS_CODE
      ? { status: NETOPIA_STATUS.PAID, code: '00', message: 'Approved' }
      : { status: NETOPIA_STATUS.DECLINED, code: '3D', message: '3-D Secure authentication failed' },
  );
}

async function settle(
  db: Db,
  payment: SandboxPayment,
  outcome: { status: number; code: string; message: string },
): Promise<PayResult> {
  await db
    .update(sandboxPayments)
    .set({
      status: outcome.status,
      errorCode: outcome.code,
      errorMessage: outcome.message,
      notifyNextAt: new Date(),
    })
    .where(eq(sandboxPayments.ntpId, payment.ntpId));
  kick('sandbox-notifications');
  return {
    kind: 'DONE',
    payment: { ...payment, status: outcome.status, errorCode: outcome.code, errorMessage: outcome.message },
  };
}

const creditBody = z.object({ ntpID: text(), amount: z.number().positive() });

/** The statuses of a payment whose money was taken, and may therefore be given back. */
const CREDITABLE: number[] = [NETOPIA_STATUS.PAID, NETOPIA_STATUS.CONFIRMED, NETOPIA_STATUS.CREDIT];

/**
 * `POST /operation/credit` of the sandbox: gives back part or all of a captured payment, once per call, never more
 * than was taken. The payment goes to status 8 (credited) and a signed notification follows, carrying the amount
 * credited so far, as the shop reads Netopia's credit notifications (lib/payments/refunds.ts).
 */
export async function sandboxCredit(db: Db, body: unknown): Promise<SandboxAnswer> {
  const parsed = creditBody.safeParse(body);
  if (!parsed.success) return { status: 400, json: { error: { code: '11', message: 'Invalid request' } } };
  const found = await findSandboxPayment(db, parsed.data.ntpID);
  if (!found) return { status: 404, json: { error: { code: '404', message: 'Unknown payment' } } };
  if (!CREDITABLE.includes(found.status))
    return { status: 200, json: { error: { code: '19', message: 'The payment was not captured' } } };
  const amountBani = toBani(parsed.data.amount);
  if (found.creditedBani + amountBani > found.amountBani)
    return {
      status: 200,
      json: { error: { code: '20', message: 'The amount exceeds what can be credited' } },
    };
  // Conditional on what was credited when read: two concurrent credits cannot both pass the check above.
  const [credited] = await db
    .update(sandboxPayments)
    .set({
      status: NETOPIA_STATUS.CREDIT,
      creditedBani: found.creditedBani + amountBani,
      errorCode: '00',
      errorMessage: 'Credited',
      notifiedAt: null,
      notifyAttempts: 0,
      notifyNextAt: new Date(),
    })
    .where(and(eq(sandboxPayments.ntpId, found.ntpId), eq(sandboxPayments.creditedBani, found.creditedBani)))
    .returning();
  if (!credited)
    return { status: 200, json: { error: { code: '21', message: 'Concurrent operation, retry' } } };
  kick('sandbox-notifications');
  return {
    status: 200,
    json: {
      error: { code: '00', message: 'Credited' },
      payment: { ntpID: credited.ntpId, status: NETOPIA_STATUS.CREDIT, amount: parsed.data.amount },
    },
  };
}

/** The amount a notification or a status answer carries: what was taken, or once credited, what was given back. */
const reportedBani = (payment: SandboxPayment) =>
  payment.status === NETOPIA_STATUS.CREDIT ? payment.creditedBani : payment.amountBani;

/** `POST /operation/status` of the sandbox. */
export async function sandboxStatus(db: Db, body: unknown, now = new Date()): Promise<SandboxAnswer> {
  const parsed = z.object({ posID: text(), ntpID: text(), orderID: text() }).safeParse(body);
  if (!parsed.success || parsed.data.posID !== SANDBOX_POS_SIGNATURE)
    return { status: 400, json: { error: { code: '11', message: 'Invalid request' } } };
  const found = await findSandboxPayment(db, parsed.data.ntpID);
  if (!found || found.orderId !== parsed.data.orderID)
    return { status: 404, json: { error: { code: '404', message: 'Unknown payment' } } };
  const payment = await expireIfDue(db, found, now);
  return {
    status: 200,
    json: {
      payment: {
        ntpID: payment.ntpId,
        status: payment.status,
        amount: reportedBani(payment) / 100,
        currency: payment.currency,
      },
      error: { code: '00', message: '' },
    },
  };
}

const MAX_NOTIFY_ATTEMPTS = 8;
const NOTIFY_TIMEOUT_MS = 10_000;
/** A claimed notification is left to its server this long: more than one attempt can take. */
const NOTIFY_CLAIM_MS = NOTIFY_TIMEOUT_MS + 5_000;
/** Due notifications read at a time, and sent at once of them, as a provider sends many payments' at a time. */
const NOTIFY_BATCH = 20;
const NOTIFY_AT_ONCE = 5;
/** A pass ends after this many full batches; the next pass goes on, so a pass never holds its job for long. */
const NOTIFY_BATCHES_PER_PASS = 10;

/**
 * Sends the notifications that are due, signed RS512, to each payment's notify URL; an answer other than
 * `errorType: 0` is retried with exponential backoff (2 s, 4 s, 8 s, ...), as Netopia does. Each one is claimed
 * first by a conditional update of its attempt count, so of several servers running this job one sends it; a
 * server that dies holding a claim leaves it to be sent again once the claim runs out. Oldest due first, a few at
 * once, batch after batch while full ones come: under a purchase load one pass of 20 in turn fell minutes behind.
 */
export async function deliverSandboxNotifications(
  db: Db,
  fetchImpl: typeof fetch = fetch,
  now = new Date(),
  keepGoing: () => boolean = () => true,
): Promise<number> {
  // Open forms that ran out of time are expired first, so their outcome is notified too.
  const open = await db
    .select()
    .from(sandboxPayments)
    .where(
      and(
        inArray(sandboxPayments.status, [NETOPIA_STATUS.NEW, NETOPIA_STATUS.THREE_D_AUTH]),
        lte(sandboxPayments.expiresAt, now),
      ),
    );
  for (const payment of open) await expireIfDue(db, payment, now);

  let delivered = 0;
  let keys: SandboxKeys | undefined;
  // A notification sent or rescheduled in a batch is due later than `now`: no batch reads it again.
  for (let batch = 0; batch < NOTIFY_BATCHES_PER_PASS && keepGoing(); batch++) {
    const due = await db
      .select()
      .from(sandboxPayments)
      .where(and(isNull(sandboxPayments.notifiedAt), lte(sandboxPayments.notifyNextAt, now)))
      .orderBy(asc(sandboxPayments.notifyNextAt))
      .limit(NOTIFY_BATCH);
    if (!due.length) break;
    keys ??= await getSandboxKeys(db);
    const { privateKeyPem } = keys;
    const queue = [...due];
    const sender = async () => {
      // Nothing more is claimed once the caller stops (a server shutting down): the rest is another server's.
      for (let payment = queue.shift(); payment && keepGoing(); payment = queue.shift()) {
        if (await notifyPayment(db, payment, { fetchImpl, now, privateKeyPem })) delivered++;
      }
    };
    await Promise.all(Array.from({ length: NOTIFY_AT_ONCE }, sender));
    if (due.length < NOTIFY_BATCH) break;
  }
  return delivered;
}

/** Claims one due notification and sends it: whether the shop accepted it. */
async function notifyPayment(
  db: Db,
  payment: SandboxPayment,
  { fetchImpl, now, privateKeyPem }: { fetchImpl: typeof fetch; now: Date; privateKeyPem: string },
): Promise<boolean> {
  const target = notificationTarget(payment.notifyUrl, getConfig());
  if (!target) {
    // Recorded before the start call checked it: never sent anywhere but to the shop.
    logger.warn({ ntpId: payment.ntpId }, 'sandbox notification dropped: notify address off-site');
    await db
      .update(sandboxPayments)
      .set({ notifyNextAt: null })
      .where(eq(sandboxPayments.ntpId, payment.ntpId));
    return false;
  }
  const attempts = payment.notifyAttempts + 1;
  const claimed = await db
    .update(sandboxPayments)
    .set({ notifyAttempts: attempts, notifyNextAt: new Date(Date.now() + NOTIFY_CLAIM_MS) })
    .where(
      and(
        eq(sandboxPayments.ntpId, payment.ntpId),
        isNull(sandboxPayments.notifiedAt),
        eq(sandboxPayments.notifyAttempts, payment.notifyAttempts),
      ),
    )
    .returning({ ntpId: sandboxPayments.ntpId });
  if (!claimed.length) return false;
  const body = buildNotificationBody({
    orderId: payment.orderId,
    ntpId: payment.ntpId,
    status: payment.status,
    amountBani: reportedBani(payment),
    currency: payment.currency,
    code: payment.errorCode ?? undefined,
    message: payment.errorMessage ?? undefined,
  });
  const token = await signNotification({ body, privateKeyPem, posSignature: SANDBOX_POS_SIGNATURE });
  let accepted = false;
  try {
    const response = await fetchImpl(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Verification-token': token },
      body,
      // A redirect is an answer, not an address to follow: a notification never leaves the shop.
      redirect: 'manual',
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as { errorType?: number } | null;
    accepted = response.ok && answer?.errorType === 0;
  } catch (error) {
    logger.warn({ err: error, ntpId: payment.ntpId }, 'sandbox notification failed');
  }
  await db
    .update(sandboxPayments)
    .set(
      accepted
        ? { notifiedAt: new Date() }
        : {
            notifyNextAt:
              attempts >= MAX_NOTIFY_ATTEMPTS ? null : new Date(now.getTime() + 2 ** attempts * 1000),
          },
    )
    // A retry is scheduled only while the claim is still ours; an acceptance is recorded whoever holds it now.
    .where(
      accepted
        ? eq(sandboxPayments.ntpId, payment.ntpId)
        : and(eq(sandboxPayments.ntpId, payment.ntpId), eq(sandboxPayments.notifyAttempts, attempts)),
    );
  return accepted;
}

/** Whole seconds until a payment's form expires (at least 1), for the page that reloads itself at expiry. */
export const secondsUntilExpiry = (payment: SandboxPayment) =>
  Math.max(1, Math.ceil((payment.expiresAt.getTime() - Date.now()) / 1000));

/** Whether the buyer can still pay on the form. */
export const isPayable = (payment: SandboxPayment) =>
  payment.status === NETOPIA_STATUS.NEW && payment.expiresAt > new Date();
