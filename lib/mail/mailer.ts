import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * The Message-ID header (`<...@...>`). Give the same one to every attempt at the same message: a resent copy then
   * carries it again, and mail systems that drop duplicates by Message-ID can recognise it. Unset: a random one.
   */
  messageId?: string;
  /** Further headers, such as the one-click unsubscribe of RFC 8058 (`List-Unsubscribe`, `List-Unsubscribe-Post`). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://`, credentials in the URL; unset writes `.eml` files to `outboxDir` instead. */
  smtpUrl?: string;
  /** The From header, e.g. `defaultFromAddress(COMPANY.email, COMPANY.brand)`. */
  from: string;
  outboxDir: string;
}

// Short enough that a dead or stalling server fails a send within a minute, so the outbox worker can retry it,
// long enough for a slow but working relay.
const SMTP_TIMEOUTS = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
  dnsTimeout: 15_000,
} as const;

/**
 * The outgoing mail of the shop (docs/architecture.md, Providers). With `smtpUrl`, a pooled SMTP transport; without it,
 * every message is written as `<outboxDir>/<time>-<id>.eml` so a default install still shows what it would have sent.
 *
 * The module imports nothing of the project, so a script can use it as it is. It logs nothing (the caller logs the
 * returned id), and nodemailer's logger stays off: messages carry top-up PINs and the SMTP URL carries a password.
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? smtpMailer(options.smtpUrl, options.from)
    : outboxMailer(options.outboxDir, options.from);
}

/**
 * A From header for `email` under the display name `brand`: `Road Partners <contact@roadpartners.ro>`. A name with
 * characters that have a meaning in an address header (commas, quotes, brackets...) is quoted.
 */
export function defaultFromAddress(email: string, brand: string): string {
  const name = brand.replace(/[\r\n]+/g, ' ').trim();
  const address = email.replace(/[\r\n<>\s]+/g, '');
  if (!name) return address;
  const phrase = /^[\p{L}\p{N} !#$%&'*+\-/=?^_`{|}~]+$/u.test(name)
    ? name
    : `"${name.replace(/(["\\])/g, '\\$1')}"`;
  return `${phrase} <${address}>`;
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    messageId: message.messageId,
    headers: message.headers,
    text: message.text,
    html: message.html,
    attachments: message.attachments?.map(({ filename, content, contentType }) => ({
      filename,
      content,
      contentType,
    })),
  };
}

function closedError(): Error {
  return new Error('The mailer is closed');
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  let protocol: string;
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    // Never echo the value: it holds the SMTP password.
    throw new Error('SMTP_URL is not a valid URL');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:')
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');

  const transport = createTransport({
    pool: true,
    url: smtpUrl,
    maxConnections: 3,
    maxMessages: 100,
    ...SMTP_TIMEOUTS,
    // Nodemailer's own logger would print the SMTP dialogue, message data and AUTH included.
    logger: false,
    debug: false,
  });
  let closed = false;

  return {
    async send(message) {
      if (closed) throw closedError();
      const info = await transport.sendMail(toNodemailer(message, from));
      return { messageId: info.messageId };
    },
    async close() {
      if (closed) return;
      closed = true;
      // Idle pooled connections close at once; one that is delivering finishes its message first.
      transport.close();
    },
  };
}

function outboxMailer(outboxDir: string, from: string): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let closed = false;

  return {
    async send(message) {
      if (closed) throw closedError();
      const info = await transport.sendMail(toNodemailer(message, from));
      if (!Buffer.isBuffer(info.message)) throw new Error('The stream transport did not return a buffer');

      const name = `${new Date().toISOString().replace(/:/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const file = path.join(outboxDir, name);
      // Written under a name no `*.eml` reader picks up, then renamed: a reader never sees half a message.
      const temporary = path.join(outboxDir, `.${name}.${process.pid}.tmp`);
      await fs.mkdir(outboxDir, { recursive: true });
      try {
        // Owner-only: a message may carry a top-up PIN.
        await fs.writeFile(temporary, info.message, { flag: 'wx', mode: 0o600 });
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      return { messageId: info.messageId };
    },
    async close() {
      closed = true;
    },
  };
}
