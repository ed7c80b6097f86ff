import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createMailer, defaultFromAddress, type Mailer } from '@/lib/mail/mailer';
import { renderOrderConfirmation } from '@/lib/mail/order-confirmation';

const FROM = defaultFromAddress('contact@roadpartners.ro', 'Road Partners');
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from([0, 1, 2, 255, 254]),
  Buffer.from('\n%%EOF\n'),
]);

const confirmation = () =>
  renderOrderConfirmation({
    orderId: 'RP-2026-000777',
    orderUrl: 'https://shop.example/hu/order/RP-2026-000777',
    siteUrl: 'https://shop.example',
    locale: 'hu',
    email: 'vevo@example.com',
    createdAt: '2026-07-01T08:00:00.000Z',
    totalBani: 9999,
    invoiceNumber: 'RPV-2026-00077',
    vignettes: [
      {
        issuedId: 'HU-E-55554444',
        plate: 'CJ99XYZ',
        country: 'RO',
        categoryTitle: 'D1',
        type: 'DAY',
        firstDay: '2026-07-02',
        lastDay: '2026-07-02',
        priceBani: 9999,
      },
    ],
  });

describe('defaultFromAddress', () => {
  it('puts the brand in front of the address, quoting it only when it must', () => {
    expect(defaultFromAddress('contact@roadpartners.ro', 'Road Partners')).toBe(
      'Road Partners <contact@roadpartners.ro>',
    );
    expect(defaultFromAddress('a@b.ro', 'Road, "Partners"')).toBe('"Road, \\"Partners\\"" <a@b.ro>');
    expect(defaultFromAddress('a@b.ro', 'X\r\nBcc: evil@example.com')).not.toMatch(/[\r\n]/);
  });
});

describe('createMailer with SMTP_URL', () => {
  const received: { envelope: { from: string; to: string[] }; raw: Buffer }[] = [];
  let server: SMTPServer;
  let port: number;
  let mailer: Mailer | undefined;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
            },
            raw: Buffer.concat(chunks),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    await mailer?.close();
    mailer = undefined;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the confirmation with its PDF invoice to a real SMTP server', async () => {
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      outboxDir: '/nonexistent/never-used',
    });
    const content = confirmation();

    const { messageId } = await mailer.send({
      to: 'vevo@example.com',
      ...content,
      attachments: [{ filename: 'factura-RPV-2026-00077.pdf', content: PDF, contentType: 'application/pdf' }],
    });

    expect(messageId).toMatch(/^<.+@.+>$/);
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.envelope).toEqual({ from: 'contact@roadpartners.ro', to: ['vevo@example.com'] });

    const mail: ParsedMail = await simpleParser(delivery!.raw);
    expect(mail.messageId).toBe(messageId);
    expect(mail.from?.value).toEqual([{ name: 'Road Partners', address: 'contact@roadpartners.ro' }]);
    expect(Array.isArray(mail.to) ? undefined : mail.to?.value[0]?.address).toBe('vevo@example.com');
    expect(mail.subject).toBe(content.subject);
    expect(mail.subject).toContain('RP-2026-000777');
    expect(mail.text?.trim()).toBe(content.text.trim());
    expect(mail.text).toContain('HU-E-55554444');
    expect(mail.html).toContain('HU-E-55554444');
    expect(mail.html).toContain('CJ99XYZ');
    expect(mail.html).toContain('<html lang="hu"');

    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.filename).toBe('factura-RPV-2026-00077.pdf');
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.content.equals(PDF)).toBe(true);
  });

  it('rejects a send after close', async () => {
    const closing = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      outboxDir: '/nonexistent',
    });
    await closing.close();
    await expect(
      closing.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow('closed');
  });

  it('refuses a URL that is not smtp(s) without echoing it', () => {
    expect(() =>
      createMailer({ smtpUrl: 'http://user:secret@mail.example.com', from: FROM, outboxDir: '/nonexistent' }),
    ).toThrow(/^(?!.*secret).*smtp/);
  });
});

describe('createMailer without SMTP_URL', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'road-outbox-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes each message as an .eml file in the outbox, creating the folder', async () => {
    const outboxDir = path.join(root, 'data', 'outbox');
    const mailer = createMailer({ from: FROM, outboxDir });
    const content = confirmation();
    try {
      const first = await mailer.send({
        to: 'vevo@example.com',
        ...content,
        attachments: [{ filename: 'invoice.pdf', content: PDF, contentType: 'application/pdf' }],
      });
      const second = await mailer.send({
        to: 'other@example.com',
        subject: 'Second',
        text: 'two',
        html: '<p>two</p>',
      });
      expect(second.messageId).not.toBe(first.messageId);
    } finally {
      await mailer.close();
    }

    // Only finished messages: no temporary file is left behind.
    const files = fs.readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    for (const file of files)
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/);

    const parsed = await Promise.all(
      files.map((file) => simpleParser(fs.readFileSync(path.join(outboxDir, file)))),
    );
    const mail = parsed.find((message) => message.subject === content.subject);
    expect(mail).toBeDefined();
    expect(mail!.from?.value).toEqual([{ name: 'Road Partners', address: 'contact@roadpartners.ro' }]);
    expect(Array.isArray(mail!.to) ? undefined : mail!.to?.text).toBe('vevo@example.com');
    expect(mail!.text?.trim()).toBe(content.text.trim());
    expect(mail!.html).toContain('HU-E-55554444');
    expect(mail!.attachments[0]?.content.equals(PDF)).toBe(true);
    expect(parsed.some((message) => message.subject === 'Second')).toBe(true);
  });
});
