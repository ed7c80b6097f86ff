import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '@/lib/mail/mailer';

export interface SmtpCapture {
  /** A mailer that talks the SMTP protocol to the capturing server. */
  mailer: Mailer;
  /** Every message the server accepted, parsed. */
  received: ParsedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps what it receives, and a mailer pointed at it. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Road Partners <contact@roadpartners.ro>',
    outboxDir: '/tmp/unused',
  });
  return {
    mailer,
    received,
    async close() {
      await mailer.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
