import type { Mailer, MailMessage } from '@/lib/mail/mailer';
import { sendDueMail as sendOutbox } from '@/lib/mail/outbox';
import { registerOrderMail } from '@/lib/orders/order-mail';

/**
 * A pass of the outbox as the server runs it: with the senders of the order e-mails, which lib/orders registers at
 * start (lib/startup/workers.ts).
 */
export function sendDueMail(...args: Parameters<typeof sendOutbox>): ReturnType<typeof sendOutbox> {
  registerOrderMail();
  return sendOutbox(...args);
}

/** A mail server that accepts every message, keeping it in `sent`. */
export const recordingMailer = (sent: MailMessage[]): Mailer => ({
  send: (message) => {
    sent.push(message);
    return Promise.resolve({ messageId: message.messageId ?? '<recorded@test>' });
  },
  close: () => Promise.resolve(),
});
