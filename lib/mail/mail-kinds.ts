import type { Db } from '@/lib/db/client';
import type { outbox } from '@/lib/db/schema';
import type { MailMessage } from './mailer';

/** A row of the outbox: one e-mail to send, of one kind. */
export type OutboxRow = typeof outbox.$inferSelect;

/**
 * A message that no longer has anything to say (its order was settled before it went out, or e-Factura was turned on
 * before the daily e-mail about it did): recorded, not sent.
 */
export const OBSOLETE = 'OBSOLETE' as const;

/** What an outbox row sends; null when there is nothing to send (the row is retried, then given up). */
export type MailSender = (
  db: Db,
  row: OutboxRow,
) => Promise<MailMessage | typeof OBSOLETE | null> | MailMessage | typeof OBSOLETE | null;

/**
 * Every kind of e-mail the outbox sends, the values of its `kind` column (NOT NULL since the table was created, and
 * never written with another value). A kind added here without a sender does not compile: the outbox's own senders
 * and the ones lib/orders registers are each a `Record` over their kinds.
 */
export const MAIL_KINDS = [
  'ORDER_CONFIRMATION',
  'DELIVERY_FAILED',
  'REFUND_CONFIRMATION',
  'STAFF_ALERT',
  'INVOICE_REISSUED',
  'ORDER_DOCUMENTS',
  'EFACTURA_HELD_BACK',
  'BUYER_SIGN_IN',
  'EXPIRY_REMINDER',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The kinds that need no order, which lib/mail sends itself. */
const OWN_MAIL_KINDS = [
  'EFACTURA_HELD_BACK',
  'BUYER_SIGN_IN',
  'EXPIRY_REMINDER',
] as const satisfies readonly MailKind[];
export type OwnMailKind = (typeof OWN_MAIL_KINDS)[number];

/**
 * The kinds that tell of an order: their senders read it, which only lib/orders does, so lib/orders registers them at
 * start (lib/mail/outbox.ts `registerOrderMailSenders`).
 */
export type OrderMailKind = Exclude<MailKind, OwnMailKind>;

/** The kind of a row as read from the database, or undefined for a value the shop never wrote. */
export const mailKindOf = (kind: string): MailKind | undefined =>
  (MAIL_KINDS as readonly string[]).includes(kind) ? (kind as MailKind) : undefined;

export const isOwnMailKind = (kind: MailKind): kind is OwnMailKind =>
  (OWN_MAIL_KINDS as readonly string[]).includes(kind);
