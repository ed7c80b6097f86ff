import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { DatabaseUnavailableError } from '@/lib/db/errors';
import { outbox } from '@/lib/db/schema';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { defaultFromAddress, type Mailer } from '@/lib/mail/mailer';
import { ATTEMPT_UNSETTLED, outboxMessageId } from '@/lib/mail/outbox';
import { COMPANY } from '@/lib/company';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { outboxOf, refusingMailer } from '../../support/dead-letters';
import { withEnv } from '../../support/process-database';
import { paidVignetteOrder } from '../../support/purchases';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp-capture';
import { sendDueMail } from '../../support/outbox';

/*
 * The database stops just as the mail server accepts a confirmation (docs/decisions/0009-mail-outbox-at-least-once.md):
 * the attempt was recorded before the mail server was asked, marking it sent waits for the database within the
 * claim, and the message goes again only when its outcome stayed unknown, with the same Message-ID.
 */
describeOnProcessDrivers('a confirmation whose "sent" mark meets a stopped database', (db) => {
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(() => capture.close());

  /** How many of the next writes to the database fail as a stopped one does, once the mail server accepted. */
  let failAfterAccept = 0;
  let failing = 0;
  /** The database, whose writes fail while `failing` lasts. */
  const stoppable = (): Db =>
    new Proxy(db(), {
      get(target, property, receiver) {
        if (property === 'update' && failing > 0) {
          failing--;
          const refused = () => Promise.reject(new DatabaseUnavailableError('connection terminated'));
          return () => ({ set: () => ({ where: refused }) });
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
  /** The real SMTP sink; right after it accepts a message, the database stops. */
  const mailer: Mailer = {
    async send(message) {
      const answer = await capture.mailer.send(message);
      failing = failAfterAccept;
      return answer;
    },
    close: () => Promise.resolve(),
  };

  async function confirmationQueued(plate: string) {
    const orderId = await paidVignetteOrder(db(), { plates: [plate], country: 'DE' });
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const [row] = await outboxOf(db(), orderId);
    expect(row).toMatchObject({ kind: 'ORDER_CONFIRMATION', sentAt: null });
    const messageId = outboxMessageId(row!, defaultFromAddress(COMPANY.email, COMPANY.brand));
    return {
      orderId,
      row: row!,
      received: () => capture.received.filter((mail) => mail.messageId === messageId),
    };
  }
  const rowOf = async (id: number) => (await db().select().from(outbox).where(eq(outbox.id, id)))[0]!;

  beforeEach(() => {
    failing = 0;
    failAfterAccept = 0;
  });

  it('is sent once when the database comes back within the claim: the mark waits for it', async () => {
    await withEnv({ MAIL_FROM: undefined }, async () => {
      const { row, received } = await confirmationQueued('B201MKS');
      failAfterAccept = 3;
      await sendDueMail(stoppable(), mailer);
      expect(failing).toBe(0);
      expect(await rowOf(row.id)).toMatchObject({ sentAt: expect.any(Date), lastError: null, attempts: 1 });
      await sendDueMail(stoppable(), mailer);
      expect(received()).toHaveLength(1);
    });
  });

  it('is sent again with the same Message-ID only when the outcome stayed unknown past the claim', async () => {
    await withEnv({ MAIL_FROM: undefined }, async () => {
      const { row, received } = await confirmationQueued('B202MKS');
      failAfterAccept = 1_000;
      await expect(sendDueMail(stoppable(), mailer, { markSentWithinMs: 300 })).rejects.toThrow(
        DatabaseUnavailableError,
      );
      // The database is back.
      failing = 0;
      failAfterAccept = 0;
      // The attempt's record, written before the mail server was asked: its outcome is not known.
      const unknown = await rowOf(row.id);
      expect(unknown).toMatchObject({ sentAt: null, attempts: 1, lastError: ATTEMPT_UNSETTLED });
      expect(received()).toHaveLength(1);

      // Within the claim, nobody sends it again.
      await sendDueMail(stoppable(), mailer);
      expect(received()).toHaveLength(1);

      // The claim ran out: the repeat goes, recognisable by its Message-ID, and is recorded.
      await db()
        .update(outbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(outbox.id, row.id));
      await sendDueMail(stoppable(), mailer);
      const copies = received();
      expect(copies).toHaveLength(2);
      expect(copies[1]!.messageId).toBe(copies[0]!.messageId);
      expect(await rowOf(row.id)).toMatchObject({ sentAt: expect.any(Date), lastError: null, attempts: 2 });
    });
  });

  it('records a refusal by the mail server as the outcome: the retry is not a repeat', async () => {
    await withEnv({ MAIL_FROM: undefined, MAIL_RETRY_BASE_SECONDS: '0' }, async () => {
      const { row } = await confirmationQueued('B203MKS');
      await sendDueMail(db(), refusingMailer);
      expect(await rowOf(row.id)).toMatchObject({
        sentAt: null,
        attempts: 1,
        lastError: '421 4.3.2 Service not available',
      });
    });
  });
});
