import { processEfacturaSubmissions } from '@/lib/efactura/submissions';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import type { MailMessage } from '@/lib/mail/mailer';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { processDrivers } from '../admin/admin-fixtures';
import { describeForDriver } from '../../support/databases';
import { sandboxAnswersAtOnce, sandboxApi } from '../../support/efactura-sandbox';
import { recordingMailer, sendDueMail } from '../../support/outbox';
import { paidVignetteOrder } from '../../support/purchases';
import { countStatements } from '../../support/statement-counter';

const firstWords = (statements: string[]) =>
  statements.map((statement) => statement.trim().split(/\s+/, 3).join(' '));

/**
 * What the background work of one paid purchase sends to the database: its delivery, its confirmation e-mail and the
 * upload of its invoice to e-Factura, each the job's pass as the server runs it (docs/decisions/0034).
 */
describe.each(processDrivers)('the background statements of one purchase on $name', ({ open, available }) => {
  describeForDriver(available)('', () => {
    sandboxAnswersAtOnce();
    let env: Awaited<ReturnType<typeof open>>;
    const sent: MailMessage[] = [];
    const db = () => env.database.db;
    beforeAll(async () => {
      env = await open();
      // A first purchase, settled, leaves ready what every later one finds (reference data, the sandboxes' keys).
      await paidVignetteOrder(db(), { plates: ['B100BGR'] });
      await fulfilPaidOrders(db(), sandboxDeliverers);
      await sendDueMail(db(), recordingMailer(sent));
      await processEfacturaSubmissions(db(), sandboxApi(db()));
      await paidVignetteOrder(db(), { plates: ['B101BGR'] });
    }, 120_000);
    afterAll(async () => env.cleanup());

    // The paid orders (a short batch is the last); the order's items; the item's claim; the sandbox issuer's record
    // of the vignette (a new key needs no look-up first); the delivery recorded on the item; the move to FULFILLED
    // with its event and the confirmation it queues (one statement, no transaction around it).
    it('delivers a paid order in six statements', async () => {
      const { result, statements } = await countStatements(() => fulfilPaidOrders(db(), sandboxDeliverers));
      expect(result).toBe(1);
      expect(firstWords(statements)).toEqual([
        'select "id", "kind",',
        'select "order_items"."id", "order_items"."order_id",',
        'update "order_items" set',
        'insert into "sandbox_issuances"',
        'update "order_items" set',
        'with moved as',
      ]);
    });

    // The due messages; the claim; the order, its invoices and its items; the message marked sent.
    it('sends the confirmation in six statements', async () => {
      const { result, statements } = await countStatements(() => sendDueMail(db(), recordingMailer(sent)));
      expect(result).toBe(1);
      expect(sent.at(-1)?.attachments?.length).toBeGreaterThan(0);
      expect(statements).toHaveLength(6);
    });

    // Late documents; the due submissions claimed (one statement, no transaction around it, its rows with the XML
    // an earlier upload kept); the submission's invoice; the upload's start, the sandbox's record of it, its answer.
    it('uploads the invoice to e-Factura in six statements', async () => {
      const { result, statements } = await countStatements(() =>
        processEfacturaSubmissions(db(), sandboxApi(db())),
      );
      expect(result).toBe(1);
      expect(statements).toHaveLength(6);
    });
  });
});
