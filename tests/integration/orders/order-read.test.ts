import { eq } from 'drizzle-orm';
import { GET as getOrder } from '@/app/api/orders/[orderId]/route';
import { ApiError } from '@/lib/api/errors';
import { invoices, orderItems, orders, topUpProducts } from '@/lib/db/schema';
import { loadOrderDocument } from '@/lib/orders/order-document';
import { getOrderOrThrow, loadOrder } from '@/lib/orders/order-read';
import { jsonRequest, useProcessDatabase } from '../../support/process-database';

const VIGNETTES = 'VVVVVVVVVVVVVVVVVVVVV1';
const TOP_UP = 'TTTTTTTTTTTTTTTTTTTTT1';
const UNKNOWN = 'ZZZZZZZZZZZZZZZZZZZZZ1';

let env: Awaited<ReturnType<typeof useProcessDatabase>>;
const db = () => env.database.db;

beforeAll(async () => {
  env = await useProcessDatabase();
  await db()
    .insert(orders)
    .values([
      {
        id: VIGNETTES,
        kind: 'VIGNETTE',
        status: 'PAID',
        email: 'driver@example.ro',
        locale: 'ro',
        amountBani: 12345,
      },
      { id: TOP_UP, kind: 'TOPUP', status: 'FULFILLED', email: 'a@b.ro', locale: 'de', amountBani: 6200 },
    ]);
  // Written out of order: the items are read by their position.
  await db()
    .insert(orderItems)
    .values([
      {
        orderId: VIGNETTES,
        position: 1,
        categoryCode: 'VAN',
        vignetteType: 'YEAR',
        plate: 'B123XYZ',
        country: 'RO',
        priceBani: 2345,
      },
      {
        orderId: VIGNETTES,
        position: 0,
        categoryCode: 'CAR',
        vignetteType: 'WEEK',
        plate: 'HD12ABC',
        country: 'RO',
        priceBani: 10000,
        issuedId: 'HU-EM-1',
      },
      {
        orderId: TOP_UP,
        position: 0,
        topUpProductId: 'vodafone-pin-10',
        phone: '+40722123456',
        priceBani: 6200,
        deliveredPin: '1234',
      },
    ]);
  // What an order bought stays describable once the product is withdrawn.
  await db().update(topUpProducts).set({ active: false }).where(eq(topUpProducts.id, 'vodafone-pin-10'));
});
afterAll(async () => env.cleanup());

const answerFor = async (orderId: string) => {
  const response = await getOrder(jsonRequest(`/api/orders/${orderId}`), {
    params: Promise.resolve({ orderId }),
  });
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    body: await response.json(),
  };
};

describe('loadOrder', () => {
  it('reads the items in their order, each with its category title or its top-up product and operator', async () => {
    const vignettes = (await loadOrder(db(), VIGNETTES))!;
    expect(vignettes.order).toMatchObject({ id: VIGNETTES, amountBani: 12345 });
    expect(
      vignettes.items.map(({ item, categoryTitle, topUp }) => [item.plate, categoryTitle, topUp]),
    ).toEqual([
      ['HD12ABC', 'D1', undefined],
      ['B123XYZ', 'D2', undefined],
    ]);

    const [bought] = (await loadOrder(db(), TOP_UP))!.items;
    expect(bought?.categoryTitle).toBeNull();
    expect(bought?.topUp?.product).toMatchObject({
      id: 'vodafone-pin-10',
      faceValueCents: 1000,
      active: false,
    });
    expect(bought?.topUp?.operator).toMatchObject({ id: 'vodafone', name: 'Vodafone' });
  });

  it('knows no order for an unknown id or one of another shape; getOrderOrThrow makes that a 404', async () => {
    await expect(loadOrder(db(), UNKNOWN)).resolves.toBeUndefined();
    await expect(loadOrder(db(), 'not-an-order')).resolves.toBeUndefined();
    const refusal = await getOrderOrThrow(db(), UNKNOWN).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ code: 'NOT_FOUND', message: 'No such order' });
  });
});

describe('loadOrderDocument', () => {
  it('reads the invoice with the order, once, for the documents the buyer receives', async () => {
    expect((await loadOrderDocument(db(), VIGNETTES))?.invoice).toBeUndefined();
    await db()
      .insert(invoices)
      .values({
        orderId: TOP_UP,
        series: 'RPT',
        year: 2026,
        number: 7,
        totalBani: 6200,
        vatBani: 1076,
        buyer: { kind: 'PERSON', email: 'buyer@example.ro' },
      });
    const { document, invoice } = (await loadOrderDocument(db(), TOP_UP))!;
    expect(document.invoice?.numberText).toBe('RPT-2026-000007');
    // The invoice's row comes with it: the confirmation attaches it without reading it again.
    expect(invoice).toMatchObject({ orderId: TOP_UP, series: 'RPT', number: 7 });
    expect(document.items).toMatchObject([{ kind: 'TOPUP', operator: 'Vodafone Cartela', pin: '1234' }]);
    await expect(loadOrderDocument(db(), UNKNOWN)).resolves.toBeUndefined();
  });
});

describe('GET /api/orders/{orderId}', () => {
  it("answers the buyer's view of the order, never cached", async () => {
    const answer = await answerFor(TOP_UP);
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe('no-store');
    expect(answer.body).toEqual({
      orderId: TOP_UP,
      reference: expect.stringMatching(/^RP-[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/),
      status: 'FULFILLED',
      email: 'a***@b.ro',
      amountRon: 6200,
      createdAt: expect.any(String),
      kind: 'TOPUP',
      items: [{ productId: 'vodafone-pin-10', phone: '07** *** 456', priceRon: 6200, reference: null }],
    });
    expect((await answerFor(VIGNETTES)).body.items.map((item: { plate: string }) => item.plate)).toEqual([
      'HD12ABC',
      'B123XYZ',
    ]);
  });

  it('answers 404 for no such order and for an id of another shape', async () => {
    for (const orderId of [UNKNOWN, 'x'])
      expect(await answerFor(orderId)).toMatchObject({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'No such order' } },
      });
  });
});
