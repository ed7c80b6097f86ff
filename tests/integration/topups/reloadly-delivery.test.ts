import { eq, inArray } from 'drizzle-orm';
import { orderEvents, orderItems, orders, outbox, sandboxIssuances } from '@/lib/db/schema';
import { reloadlyTopUpProvider } from '@/lib/issuers/reloadly/client';
import type { ReloadlyTransaction } from '@/lib/issuers/reloadly/contract';
import {
  reloadlySandboxFetch,
  sandboxReloadlyCredentials,
  sandboxReloadlyTopUpCount,
  type ReloadlySandboxOptions,
} from '@/lib/issuers/reloadly/sandbox';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import type { Deliverers } from '@/lib/issuers/deliverers';
import { transactionDetails } from '@/lib/admin/transaction-details';
import { describeForDriver, drivers } from '../../support/databases';
import { openProcessDatabaseOn } from '../../support/process-database';
import { paidTopUpOrder } from '../../support/purchases';

/*
 * Top-ups delivered by the shop's Reloadly adapter (lib/issuers/reloadly/client.ts) against the built-in sandbox,
 * reached in-process through the same HTTP contract, from a paid order to the confirmation queued.
 */

const ORIGIN = 'http://topup-sandbox.test/api/topup-sandbox';

for (const driver of drivers) {
  describeForDriver(driver.available)(`top-ups through Reloadly's API on ${driver.name}`, () => {
    jest.setTimeout(180_000);
    let env: Awaited<ReturnType<typeof openProcessDatabaseOn>>;
    const db = () => env.database.db;
    beforeAll(async () => {
      env = await openProcessDatabaseOn(driver.name);
    });
    afterAll(() => env.cleanup());

    /** The real adapter over the in-process sandbox, counting what it asks by path. */
    const reloadly = (sandbox: ReloadlySandboxOptions = {}) => {
      const calls: string[] = [];
      const answer = reloadlySandboxFetch(db(), sandbox);
      const counting: typeof fetch = async (input, init) => {
        const request = new Request(input, init);
        calls.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api\/topup-sandbox/, '')}`);
        return answer(request);
      };
      const credentials = () => sandboxReloadlyCredentials(db());
      const topUps = reloadlyTopUpProvider({
        authUrl: `${ORIGIN}/auth`,
        apiUrl: `${ORIGIN}/api`,
        clientId: async () => (await credentials()).clientId,
        clientSecret: async () => (await credentials()).clientSecret,
        fetch: counting,
      });
      const deliverers: Deliverers = { ...sandboxDeliverers, topUps };
      const count = (call: string) => calls.filter((made) => made === call).length;
      return { deliverers, calls, count };
    };

    const orderOf = async (orderId: string) =>
      (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
    const itemOf = async (orderId: string) =>
      (await db().select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!;
    const queuedOf = async (orderId: string) =>
      (await db().select({ kind: outbox.kind }).from(outbox).where(eq(outbox.orderId, orderId))).map(
        (row) => row.kind,
      );
    const recordOf = async (key: string) =>
      (await db().select().from(sandboxIssuances).where(eq(sandboxIssuances.idempotencyKey, key)))[0]
        ?.record as unknown as ReloadlyTransaction | undefined;

    it('credits a DIRECT top-up: Orange Romania, the face value in euro, its cost kept, the confirmation queued', async () => {
      const { deliverers, count } = reloadly();
      const before = await sandboxReloadlyTopUpCount(db());
      const orderId = await paidTopUpOrder(db(), {
        operatorId: 'orange',
        productId: 'orange-10',
        phone: '0722 111 222',
      });
      await fulfilPaidOrders(db(), deliverers);

      expect((await orderOf(orderId)).status).toBe('FULFILLED');
      const item = await itemOf(orderId);
      const record = (await recordOf(`${orderId}:0`))!;
      expect(record).toMatchObject({
        status: 'SUCCESSFUL',
        customIdentifier: `${orderId}:0`,
        operatorName: 'Orange Romania',
        recipientPhone: '40722111222',
        deliveredAmount: 10,
        deliveredAmountCurrencyCode: 'EUR',
        pinDetail: null,
      });
      expect(item).toMatchObject({
        issuedId: String(record.transactionId),
        deliveredPin: null,
        providerCostMinor: 960,
        providerCostCurrency: 'EUR',
        issueAttempts: 0,
      });
      expect(await queuedOf(orderId)).toEqual(['ORDER_CONFIRMATION']);
      // Staff read it in the transaction's details.
      const details = await transactionDetails(db(), orderId, 'TOPUP');
      expect(details?.items[0]).toMatchObject({ providerCost: { amountMinor: 960, currency: 'EUR' } });
      expect(await sandboxReloadlyTopUpCount(db())).toBe(before + 1);
      expect(count('POST /auth/oauth/token')).toBe(1);
      expect(count('POST /api/topups')).toBe(1);
    });

    it("delivers a PIN top-up with the PIN code of Reloadly's pinDetail", async () => {
      const { deliverers } = reloadly();
      const orderId = await paidTopUpOrder(db(), {
        operatorId: 'vodafone',
        productId: 'vodafone-pin-5',
        phone: '0755 100 200',
      });
      await fulfilPaidOrders(db(), deliverers);

      expect((await orderOf(orderId)).status).toBe('FULFILLED');
      const item = await itemOf(orderId);
      const record = (await recordOf(`${orderId}:0`))!;
      expect(record.operatorName).toBe('Vodafone PIN Romania');
      expect(item.deliveredPin).toMatch(/^\d{16}$/);
      expect(item.deliveredPin).toBe(record.pinDetail!.code);
      expect(item.issuedId).toBe(String(record.transactionId));
      expect(await queuedOf(orderId)).toEqual(['ORDER_CONFIRMATION']);
    });

    it('looks up a top-up whose answer was lost after it was made, and delivers it once', async () => {
      const { deliverers, count } = reloadly();
      const before = await sandboxReloadlyTopUpCount(db());
      const orderId = await paidTopUpOrder(db(), {
        operatorId: 'digi',
        productId: 'digi-10',
        phone: '0799 970 001',
      });

      await fulfilPaidOrders(db(), deliverers);
      const lost = await itemOf(orderId);
      expect((await orderOf(orderId)).status).toBe('PAID');
      expect(lost).toMatchObject({ issuedId: null, issueAttempts: 1 });
      expect(lost.issueError).toContain('HTTP 504');
      expect(lost.deliveryAskedAt).not.toBeNull();
      expect(await sandboxReloadlyTopUpCount(db())).toBe(before + 1);

      await fulfilPaidOrders(db(), deliverers);
      const record = (await recordOf(`${orderId}:0`))!;
      expect((await orderOf(orderId)).status).toBe('FULFILLED');
      expect(await itemOf(orderId)).toMatchObject({
        issuedId: String(record.transactionId),
        issueError: null,
      });
      expect(await sandboxReloadlyTopUpCount(db())).toBe(before + 1);
      expect(count('POST /api/topups')).toBe(1);
      expect(count('GET /api/topups/reports/transactions')).toBe(1);
    });

    it('renews an expired token once and goes on', async () => {
      let sandboxClock = Date.now();
      const { deliverers, count } = reloadly({ tokenLifetimeSeconds: 3600, now: () => sandboxClock });
      const first = await paidTopUpOrder(db(), {
        operatorId: 'orange',
        productId: 'orange-5',
        phone: '0722 333 444',
      });
      await fulfilPaidOrders(db(), deliverers);
      expect((await orderOf(first)).status).toBe('FULFILLED');
      expect(count('POST /auth/oauth/token')).toBe(1);

      // Two hours on for the sandbox; the adapter still holds the token it believes valid.
      sandboxClock += 2 * 3600 * 1000;
      const second = await paidTopUpOrder(db(), {
        operatorId: 'orange',
        productId: 'orange-6',
        phone: '0722 333 555',
      });
      await fulfilPaidOrders(db(), deliverers);
      expect((await orderOf(second)).status).toBe('FULFILLED');
      expect((await itemOf(second)).issueAttempts).toBe(0);
      expect(count('POST /auth/oauth/token')).toBe(2);
    });

    it('retries after a 503 on the next pass, looks the key up first, and delivers once', async () => {
      const { deliverers, count } = reloadly();
      const before = await sandboxReloadlyTopUpCount(db());
      const orderId = await paidTopUpOrder(db(), {
        operatorId: 'vodafone',
        productId: 'vodafone-10',
        phone: '0799 960 001',
      });
      await fulfilPaidOrders(db(), deliverers);
      const failed = await itemOf(orderId);
      expect((await orderOf(orderId)).status).toBe('PAID');
      expect(failed).toMatchObject({ issuedId: null, issueAttempts: 1 });
      expect(failed.issueError).toContain('HTTP 503');
      expect(await sandboxReloadlyTopUpCount(db())).toBe(before);

      await fulfilPaidOrders(db(), deliverers);
      expect((await orderOf(orderId)).status).toBe('FULFILLED');
      expect(await sandboxReloadlyTopUpCount(db())).toBe(before + 1);
      expect(count('GET /api/topups/reports/transactions')).toBe(1);
      expect(count('POST /api/topups')).toBe(2);
    });

    it("fails the order at once when Reloadly refuses the number, with Reloadly's reason for staff", async () => {
      const { deliverers } = reloadly();
      const orderId = await paidTopUpOrder(db(), {
        operatorId: 'orange',
        productId: 'orange-10',
        phone: '0799 980 001',
      });
      await fulfilPaidOrders(db(), deliverers);

      expect((await orderOf(orderId)).status).toBe('FULFILLMENT_FAILED');
      const item = await itemOf(orderId);
      expect(item.issueAttempts).toBe(1);
      expect(item.issueError).toBe(
        'Reloadly: the number is not a valid mobile number for the operator (INVALID_RECIPIENT_PHONE: Recipient phone number is not valid)',
      );
      const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      const failed = events.filter((event) => event.toStatus === 'FULFILLMENT_FAILED');
      expect(failed).toHaveLength(1);
      expect(failed[0]!.reason).toBe(`delivery refused: ${item.issueError}`);
      expect(await queuedOf(orderId)).toEqual(['DELIVERY_FAILED']);

      const details = await transactionDetails(db(), orderId, 'TOPUP');
      expect(details?.status).toBe('FULFILLMENT_FAILED');
      expect(details?.items[0]).toMatchObject({ attempts: 1, lastError: item.issueError, reference: null });

      // Left to a person: later passes ask nothing more.
      await fulfilPaidOrders(db(), deliverers);
      expect((await itemOf(orderId)).issueAttempts).toBe(1);
    });

    it('delivers 50 orders paid at once, each once, with three passes running together', async () => {
      const { deliverers, count } = reloadly();
      const before = await sandboxReloadlyTopUpCount(db());
      const sentBefore = count('POST /api/topups');
      const orderIds: string[] = [];
      for (let n = 0; n < 50; n++) {
        const phone = `0744 ${String(100 + n).padStart(3, '0')} 000`;
        orderIds.push(await paidTopUpOrder(db(), { operatorId: 'digi', productId: 'digi-pin-6', phone }));
      }
      while ((await Promise.all([1, 2, 3].map(() => fulfilPaidOrders(db(), deliverers)))).some(Boolean));

      const rows = await db().select().from(orders).where(inArray(orders.id, orderIds));
      expect(rows.map((row) => row.status)).toEqual(orderIds.map(() => 'FULFILLED'));
      const items = await db().select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
      expect(new Set(items.map((item) => item.issuedId)).size).toBe(50);
      expect(items.every((item) => /^\d{16}$/.test(item.deliveredPin ?? ''))).toBe(true);
      expect(await sandboxReloadlyTopUpCount(db())).toBe(before + 50);
      expect(count('POST /api/topups') - sentBefore).toBe(50);
      const confirmations = await db().select().from(outbox).where(inArray(outbox.orderId, orderIds));
      expect(confirmations.filter((row) => row.kind === 'ORDER_CONFIRMATION')).toHaveLength(50);
    });
  });
}
