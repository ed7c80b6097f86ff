import { eq, sql } from 'drizzle-orm';
import { ApiError } from '@/lib/api/errors';
import type { Db } from '@/lib/db/client';
import { orderItems, orders, sandboxIssuances } from '@/lib/db/schema';
import type { IssuedVignette } from '@/lib/issuers/issuer-api/contract';
import { inProcessVignetteIssuer } from '@/lib/issuers/issuer-api/sandbox';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { IssueError } from '@/lib/issuers/vignette-issuer';
import { fulfilPaidOrders, MAX_ISSUE_ATTEMPTS } from '@/lib/orders/fulfilment';
import { correctItem } from '@/lib/orders/staff-actions';
import { describeOnProcessDrivers, staff } from '../admin/admin-fixtures';
import { hungarianDay, paidVignetteOrder } from '../../support/purchases';

/*
 * Vignettes delivered through the issuer contract (docs/issuer-api.md): the HTTP adapter talking to the built-in
 * sandbox, as the shop runs by default. What the issuer registered is read from the sandbox's own register.
 */

const paidOrder = (db: Db, plate: string) => paidVignetteOrder(db, { plates: [plate], country: 'DE' });

async function itemOf(db: Db, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return { status: order!.status, item: item! };
}

const registerOf = (db: Db, orderId: string) =>
  db
    .select()
    .from(sandboxIssuances)
    .where(sql`${sandboxIssuances.idempotencyKey} like ${`${orderId}:%`}`);

const weekRequest = (idempotencyKey: string, plate: string) => ({
  idempotencyKey,
  categoryCode: 'CAR',
  type: 'WEEK',
  county: null,
  plate,
  country: 'DE',
  firstDay: hungarianDay(1),
  lastDay: hungarianDay(10),
  askedBefore: false,
});

describeOnProcessDrivers('vignettes through the issuer contract', (db) => {
  let clerk: { id: string; username: string };
  beforeAll(async () => {
    const { user } = await staff(db(), `issuer-clerk-${Date.now()}`, 'ADMIN');
    clerk = { id: user.id, username: user.username };
  });

  it('issues a paid vignette once, and the issuer registers what was sold', async () => {
    const orderId = await paidOrder(db(), 'MIS1001');
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const { status, item } = await itemOf(db(), orderId);
    expect(status).toBe('FULFILLED');
    expect(item.issuedId).toMatch(/^HU-EM-[0-9A-F]{12}$/);
    const [registered] = await registerOf(db(), orderId);
    expect(registered).toMatchObject({ kind: 'VIGNETTE', issuedId: item.issuedId, requests: 1 });
    expect(registered!.record).toMatchObject({
      id: item.issuedId,
      status: 'ISSUED',
      category: 'CAR',
      type: 'WEEK',
      plate: 'MIS1001',
      country: 'DE',
      firstDay: item.firstDay,
      lastDay: item.lastDay,
      corrections: [],
    });
  });

  it('looks up a vignette whose answer was lost instead of issuing it twice', async () => {
    const orderId = await paidOrder(db(), 'LOST123');
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const first = await itemOf(db(), orderId);
    // The issuer registered it, but the shop never heard: the item waits, marked as asked.
    expect(first.status).toBe('PAID');
    expect(first.item).toMatchObject({ issuedId: null, issueAttempts: 1 });
    expect(first.item.deliveryAskedAt).toBeInstanceOf(Date);
    expect(first.item.issueError).toMatch(/unavailable: HTTP 504/);
    expect(await registerOf(db(), orderId)).toHaveLength(1);

    await fulfilPaidOrders(db(), sandboxDeliverers);
    const second = await itemOf(db(), orderId);
    const [registered] = await registerOf(db(), orderId);
    expect(second.status).toBe('FULFILLED');
    expect(second.item.issuedId).toBe(registered!.issuedId);
    // Found by its key: issued once (one row), asked about twice (the issue, then the look-up).
    expect(registered!.requests).toBe(2);
  });

  it('corrects an issued vignette at the issuer, and a correction asked again changes nothing', async () => {
    const orderId = await paidOrder(db(), 'MCO4321');
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const { item } = await itemOf(db(), orderId);
    const corrected = await correctItem(
      db(),
      clerk,
      { orderId, itemId: item.id, plate: 'MCO4322' },
      sandboxDeliverers,
    );
    expect(corrected.item).toMatchObject({ plate: 'MCO4322', country: 'DE', reference: item.issuedId });
    const [registered] = await registerOf(db(), orderId);
    const vignette = registered!.record as IssuedVignette;
    expect(vignette).toMatchObject({ id: item.issuedId, plate: 'MCO4322', country: 'DE' });
    expect(vignette.corrections).toEqual([
      { previous: { plate: 'MCO4321', country: 'DE' }, correctedAt: expect.any(String) },
    ]);

    // The answer of a correction may be lost too: asking for the same plate again is answered as it is.
    await inProcessVignetteIssuer().correct({
      issuedId: item.issuedId!,
      from: { plate: 'MCO4321', country: 'DE' },
      to: { plate: 'MCO4322', country: 'DE' },
      purchasedAt: new Date(),
    });
    const [again] = await registerOf(db(), orderId);
    expect((again!.record as IssuedVignette).corrections).toHaveLength(1);
  });

  it('refuses a correction the issuer’s rules forbid, and leaves the vignette as it was', async () => {
    const orderId = await paidOrder(db(), 'MRF1234');
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const { item } = await itemOf(db(), orderId);
    // The issuer counts the 60 days from its own record of the sale: make that record old.
    const [registered] = await registerOf(db(), orderId);
    const issuedAt = new Date(Date.now() - 61 * 24 * 3600_000).toISOString();
    await db()
      .update(sandboxIssuances)
      .set({ record: { ...registered!.record, issuedAt } })
      .where(eq(sandboxIssuances.idempotencyKey, registered!.idempotencyKey));

    const refused = await correctItem(
      db(),
      clerk,
      { orderId, itemId: item.id, plate: 'MRF1235' },
      sandboxDeliverers,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(422);
    expect((refused as ApiError).issues?.[0]).toMatchObject({ path: 'plate', code: 'correctionRefused' });
    expect((refused as ApiError).message).toMatch(/correction refused: .*within 60 days/);

    expect((await itemOf(db(), orderId)).item).toMatchObject({ plate: 'MRF1234', revision: 0 });
    const [after] = await registerOf(db(), orderId);
    expect(after!.record).toMatchObject({ plate: 'MRF1234', corrections: [] });
  });

  it('retries a plate the issuer cannot take now, then leaves the order to staff', async () => {
    const orderId = await paidOrder(db(), 'FAIL321');
    for (let attempt = 1; attempt < MAX_ISSUE_ATTEMPTS; attempt++) {
      await fulfilPaidOrders(db(), sandboxDeliverers);
      expect(await itemOf(db(), orderId)).toMatchObject({ status: 'PAID', item: { issueAttempts: attempt } });
    }
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const { status, item } = await itemOf(db(), orderId);
    expect(status).toBe('FULFILLMENT_FAILED');
    expect(item.issueError).toMatch(/issuer is unavailable: HTTP 503 UNAVAILABLE: .*retry after 30 s/);
    expect(await registerOf(db(), orderId)).toHaveLength(0);
  });

  it('says a refusal of the national system is final, in words for staff', async () => {
    const orderId = await paidOrder(db(), 'REFUSE1');
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const { item } = await itemOf(db(), orderId);
    expect(item.issuedId).toBeNull();
    expect(item.issueError).toMatch(/national system refused it: HTTP 422 REFUSED \(PLATE_REFUSED\)/);
    expect(await registerOf(db(), orderId)).toHaveLength(0);

    const error = await inProcessVignetteIssuer()
      .issue(weekRequest(`${orderId}:direct`, 'REFUSE1'))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IssueError);
    expect((error as IssueError).temporary).toBe(false);
  });

  it('answers a repeated key with the same vignette, and refuses the key for another one', async () => {
    const issuer = inProcessVignetteIssuer();
    const key = `direct-${Date.now()}:0`;
    const first = await issuer.issue(weekRequest(key, 'MKY1000'));
    expect(await issuer.issue(weekRequest(key, 'MKY1000'))).toEqual(first);
    expect(await issuer.issue({ ...weekRequest(key, 'MKY1000'), askedBefore: true })).toEqual(first);
    const [row] = await db().select().from(sandboxIssuances).where(eq(sandboxIssuances.idempotencyKey, key));
    // Two asks and one look-up named the key; one vignette is registered under it.
    expect(row!.requests).toBe(3);

    const other = await issuer.issue(weekRequest(key, 'MKY9999')).catch((caught: unknown) => caught);
    expect(other).toBeInstanceOf(IssueError);
    expect((other as IssueError).temporary).toBe(false);
    expect((other as IssueError).message).toMatch(/IDEMPOTENCY_KEY_REUSED/);
  });
});
