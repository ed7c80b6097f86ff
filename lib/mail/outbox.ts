import 'server-only';

import path from 'node:path';
import { and, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { COMPANY } from '@/lib/company';
import { getConfig } from '@/lib/config/env';
import type { Db } from '@/lib/db/client';
import { preparedStatement } from '@/lib/db/prepared';
import { isDatabaseUnavailable } from '@/lib/db/errors';
import { outbox } from '@/lib/db/schema';
import { logger, withoutEmailAddresses } from '@/lib/log/logger';
import { crashPoint } from '@/lib/server/crash-points';
import { queueStaffAlert } from './staff-alert-queue';
import { BUYER_SIGN_IN, buyerSignInMessage } from './buyer-sign-in';
import { EFACTURA_HELD_BACK, heldBackDataOf, renderEfacturaHeldBack } from './efactura-held-back';
import { EXPIRY_REMINDER } from '@/lib/reminders/expiry-reminders';
import { expiryReminderMessage } from './expiry-reminder';
import {
  isOwnMailKind,
  mailKindOf,
  OBSOLETE,
  type MailSender,
  type OrderMailKind,
  type OutboxRow,
  type OwnMailKind,
} from './mail-kinds';
import { createMailer, defaultFromAddress, type Mailer, type MailMessage } from './mailer';

const globalForMail = globalThis as unknown as { roadMailer?: Mailer };

/** The From header of the shop's mail: MAIL_FROM, else the company's address under its brand. */
const mailFrom = () => getConfig().MAIL_FROM ?? defaultFromAddress(COMPANY.email, COMPANY.brand);

/** The process's mailer: SMTP_URL when set, else .eml files in DATA_DIR/outbox. */
export function getMailer(): Mailer {
  const config = getConfig();
  globalForMail.roadMailer ??= createMailer({
    smtpUrl: config.SMTP_URL,
    from: mailFrom(),
    outboxDir: path.resolve(config.DATA_DIR, 'outbox'),
  });
  return globalForMail.roadMailer;
}

/**
 * The daily e-mail to staff (the row's recipient) about the documents held back from RO e-Factura, with the counts
 * of its queueing. Not sent once EFACTURA_PROVIDER is no longer off: the documents are then on their way.
 */
function efacturaHeldBackMessage(row: OutboxRow): MailMessage | typeof OBSOLETE | null {
  const data = heldBackDataOf(row.details);
  if (!row.recipient || !data) return null;
  const config = getConfig();
  if (config.EFACTURA_PROVIDER !== 'off') return OBSOLETE;
  const rendered = renderEfacturaHeldBack({ ...data, adminUrl: `${config.siteUrl}/admin/invoices` });
  return { to: row.recipient, ...rendered, attachments: [] };
}

/** The senders of the kinds that need no order. */
const OWN_SENDERS: Record<OwnMailKind, MailSender> = {
  EFACTURA_HELD_BACK: (_db, row) => efacturaHeldBackMessage(row),
  BUYER_SIGN_IN: buyerSignInMessage,
  EXPIRY_REMINDER: expiryReminderMessage,
};

// Route handlers and instrumentation are bundled apart: the senders live on globalThis, one set per process.
const globalForSenders = globalThis as unknown as {
  roadOrderMailSenders?: Record<OrderMailKind, MailSender>;
};

/**
 * Gives the outbox the senders of the e-mails about an order, which read it (lib/orders/order-mail.ts): called at
 * start, as the jobs are registered, so that lib/mail stays below lib/orders. Until then a row of these kinds fails
 * its attempt and is retried.
 */
export function registerOrderMailSenders(senders: Record<OrderMailKind, MailSender>): void {
  globalForSenders.roadOrderMailSenders = senders;
}

/** The sender of a row's kind; none for a kind the shop never wrote, or an order's before its senders are registered. */
function senderOf(kind: string): MailSender | undefined {
  const known = mailKindOf(kind);
  if (!known) return undefined;
  return isOwnMailKind(known) ? OWN_SENDERS[known] : globalForSenders.roadOrderMailSenders?.[known];
}

/** What an outbox row sends, by its kind; null when there is nothing to send (the row is retried, then given up). */
async function messageOf(db: Db, row: OutboxRow): Promise<MailMessage | typeof OBSOLETE | null> {
  const send = senderOf(row.kind);
  if (!send) throw new Error(`no sender for outbox kind ${row.kind}`);
  return send(db, row);
}

/**
 * How long a claimed row is left to the server that claimed it: longer than a send can take (the SMTP timeouts in
 * mailer.ts), so a slow send is never doubled by another server; a server that died holding a claim has its row
 * sent again once this passes.
 */
const CLAIM_SECONDS = 5 * 60;

/**
 * The Message-ID of an outbox row, the same on every attempt and every server: `<outbox-{row}.{order}@{domain}>`
 * (the order id is random, so two shops' databases never make the same one), on the domain of the From address.
 */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'orderId' | 'createdAt'>, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? COMPANY.email.split('@')[1];
  return `<outbox-${row.id}.${row.orderId ?? row.createdAt.getTime()}@${domain}>`;
}

/**
 * What an attempt's record says until its outcome is known: written with the claim, before the mail server is
 * asked, and replaced by the outcome (sent, or the mail server's error). Found on a row whose claim ran out, it says
 * the attempt's outcome is unknown (the server died, or the database stayed away past the claim), and the message is
 * sent again as a recognised repeat: same Message-ID, logged as such.
 */
export const ATTEMPT_UNSETTLED = 'attempt in progress: its outcome is not recorded';

export interface SendMailOptions {
  /**
   * Asked between batches: false once the server is stopping, so that a pass over a long queue ends within the
   * shutdown's time and leaves the messages it has not claimed to the next pass, on this server or another.
   */
  keepGoing?: () => boolean;
  /**
   * How long, after the mail server accepted a message, marking it sent is retried while the database is away:
   * within the claim, so that another server never sends it meanwhile. Tests shorten it.
   */
  markSentWithinMs?: number;
}

/**
 * Sends the due outbox messages. A row is claimed by a conditional update first, so two servers never send it
 * at once; a failure is retried with growing delays.
 *
 * The promise is at-least-once (docs/decisions/0009-mail-outbox-at-least-once.md): the mail server's acceptance and
 * our record of it cannot be one transaction. The claim records the attempt before the mail server is asked
 * ({@link ATTEMPT_UNSETTLED}); once the server accepted the message, marking it sent is retried while the database
 * is away (up to `markSentWithinMs`, within the claim). Only when the outcome stays unknown (a crash between the two,
 * or a database away past the claim) is the message sent again once the claim runs out, logged as a repeat and with
 * the same Message-ID ({@link outboxMessageId}), so mail systems that drop duplicates drop it; nothing else is ever
 * sent twice.
 */
export async function sendDueMail(
  db: Db,
  mailer: Mailer = getMailer(),
  options: SendMailOptions = {},
): Promise<number> {
  let sent = 0;
  // Every row read is claimed or put off, so the next read finds only rows not seen yet: a burst goes in one pass,
  // unless the server begins to stop meanwhile.
  const keepGoing = options.keepGoing ?? (() => true);
  for (;;) {
    const due = await dueMail(db);
    sent += await sendBatch(db, mailer, due, options);
    if (due.length < MAIL_BATCH || !keepGoing()) return sent;
  }
}

/** Messages read at a time. */
const MAIL_BATCH = 10;

function dueMail(db: Db) {
  return preparedStatement(db, 'outbox_due', (on) =>
    on
      .select()
      .from(outbox)
      .where(
        and(
          isNull(outbox.sentAt),
          // The database's clock, which also stamps a new row's time (in microseconds): a row queued in the same
          // millisecond as this read is due, not left for the next pass.
          lte(outbox.nextAttemptAt, sql`now()`),
          lt(outbox.attempts, sql.placeholder('maxAttempts')),
        ),
      )
      .limit(MAIL_BATCH)
      .prepare('outbox_due'),
  ).execute({ maxAttempts: getConfig().MAIL_MAX_ATTEMPTS });
}

async function sendBatch(
  db: Db,
  mailer: Mailer,
  due: OutboxRow[],
  options: SendMailOptions,
): Promise<number> {
  const from = mailFrom();
  let sent = 0;
  for (const row of due) {
    // The attempt's record, written before the mail server is asked: the claim, and an outcome not known yet.
    const claimed = await preparedStatement(db, 'outbox_claim', (on) =>
      on
        .update(outbox)
        .set({
          nextAttemptAt: sql`now() + ${sql.raw(`interval '${CLAIM_SECONDS} seconds'`)}`,
          attempts: sql`${outbox.attempts} + 1`,
          lastError: ATTEMPT_UNSETTLED,
        })
        .where(
          and(
            eq(outbox.id, sql.placeholder('id')),
            isNull(outbox.sentAt),
            eq(outbox.attempts, sql.placeholder('attempts')),
          ),
        )
        .returning({ id: outbox.id })
        .prepare('outbox_claim'),
    ).execute({ id: row.id, attempts: row.attempts });
    if (!claimed.length) continue;
    let messageId: string;
    try {
      const message = await messageOf(db, row);
      if (!message) throw new Error(`nothing to send for outbox row ${row.id}`);
      if (message === OBSOLETE) {
        await db
          .update(outbox)
          .set({
            sentAt: new Date(),
            lastError:
              row.kind === EFACTURA_HELD_BACK
                ? 'not sent: e-Factura was turned on first'
                : row.kind === BUYER_SIGN_IN
                  ? 'not sent: its sign-in link was used or expired first'
                  : row.kind === EXPIRY_REMINDER
                    ? 'not sent: unsubscribed or refunded first'
                    : 'not sent: its order was settled first',
          })
          .where(eq(outbox.id, row.id));
        continue;
      }
      if (row.lastError === ATTEMPT_UNSETTLED)
        // The previous attempt may have reached the mail server: this is the at-least-once repeat, recognisable.
        logger.warn(
          {
            outboxId: row.id,
            orderId: row.orderId,
            messageId: outboxMessageId(row, from),
            attempt: row.attempts + 1,
          },
          'mail sent again: the previous attempt’s outcome is unknown',
        );
      ({ messageId } = await mailer.send({ ...message, messageId: outboxMessageId(row, from) }));
    } catch (error) {
      await recordFailure(db, row, error instanceof Error ? error.message : String(error));
      continue;
    }
    crashPoint('mail-sent');
    // Recorded before anything else happens; if the database stays away past the claim, the outcome is unknown and
    // the message goes again (above).
    await markSent(db, row, options.markSentWithinMs ?? (CLAIM_SECONDS - 30) * 1000);
    logger.info({ outboxId: row.id, orderId: row.orderId, messageId }, 'mail sent');
    sent++;
  }
  return sent;
}

/**
 * Marks a row sent, the mail server having accepted it: retried after 0.25 s, 0.5 s, 1 s … (at most 10 s apart) while
 * the database is away, until `withinMs` has passed; then it throws, and the row's outcome is unknown.
 */
async function markSent(db: Db, row: OutboxRow, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (let wait = 250; ; wait = Math.min(wait * 2, 10_000)) {
    try {
      await db.update(outbox).set({ sentAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + wait > deadline) throw error;
      logger.warn(
        { outboxId: row.id },
        'mail accepted by the mail server; marking it sent waits for the database',
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * Records a failed attempt: the row waits longer each time (MAIL_RETRY_BASE_SECONDS doubling, up to an hour). After
 * its last attempt (MAIL_MAX_ATTEMPTS) it is a dead letter ({@link DEAD_LETTER}): kept, its order needs attention,
 * and staff are alerted in the same transaction. A staff alert that dies alerts nobody again (the back-office's shop
 * status counts it).
 */
async function recordFailure(db: Db, row: OutboxRow, lastError: string): Promise<void> {
  const { MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_SECONDS } = getConfig();
  const attempts = row.attempts + 1;
  const delaySeconds = Math.min(3600, MAIL_RETRY_BASE_SECONDS * 2 ** row.attempts);
  const dead = attempts >= MAIL_MAX_ATTEMPTS;
  await db.transaction(async (tx) => {
    await tx
      .update(outbox)
      // A dead row's time is now: it is never tried again, and is a dead letter from this moment on.
      .set({ lastError, nextAttemptAt: dead ? sql`now()` : new Date(Date.now() + delaySeconds * 1000) })
      .where(eq(outbox.id, row.id));
    if (dead && row.orderId && row.kind !== 'STAFF_ALERT')
      await queueStaffAlert(tx, row.orderId, 'MAIL_UNDELIVERED', `${row.kind}: ${lastError}`);
  });
  if (dead)
    logger.error(
      { outboxId: row.id, orderId: row.orderId, kind: row.kind },
      'mail given up after its last attempt',
    );
  // The refusal as a mail server wrote it names the recipient: logged without the address (staff see it whole).
  else
    logger.warn(
      { outboxId: row.id, lastError: withoutEmailAddresses(lastError) },
      'mail not sent; will retry',
    );
}
