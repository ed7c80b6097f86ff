import { sql } from 'drizzle-orm';
import { GET as getRate } from '@/app/api/currency/nmps/rate/route';
import { GET as getPrices } from '@/app/api/nmps/utils/vignette/prices/route';
import { GET as getCatalogRoute } from '@/app/api/nmps/utils/vignette/catalog/route';
import { getCatalog } from '@/lib/catalog/catalog';
import { exchangeRates, vignettePrices } from '@/lib/db/schema';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';

describe('catalog API', () => {
  let env: Awaited<ReturnType<typeof useProcessDatabase>>;
  beforeAll(async () => {
    env = await useProcessDatabase();
  });
  afterAll(async () => env.cleanup());

  it("GET /api/nmps/utils/vignette/prices keeps the spec's shape: every category, WEEK, MONTH, YEAR in order", async () => {
    const response = await getPrices(jsonRequest('/api/nmps/utils/vignette/prices'), noParams);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(['CAR', 'VAN', 'BUS', 'MOTOR', 'TRAIL']);
    expect(body.CAR).toEqual([
      { type: 'WEEK', price: 6900 },
      { type: 'MONTH', price: 11170 },
      { type: 'YEAR', price: 61760 },
    ]);
    expect(body.VAN).toEqual([
      { type: 'WEEK', price: 10040 },
      { type: 'MONTH', price: 15820 },
      { type: 'YEAR', price: 87650 },
    ]);
    expect(body.BUS).toEqual([]);
    expect(body.MOTOR.map((entry: { type: string }) => entry.type)).toEqual(['WEEK', 'MONTH', 'YEAR']);
  });

  it('GET /api/nmps/utils/vignette/catalog lists what can be bought today, with prices in HUF and bani', async () => {
    const response = await getCatalogRoute(jsonRequest('/api/nmps/utils/vignette/catalog'), noParams);
    expect(response.status).toBe(200);
    const catalog = await response.json();
    expect(catalog.counties).toHaveLength(19);
    expect(catalog.categories.find((category: { code: string }) => category.code === 'BUS')).toMatchObject({
      sellable: false,
      notSoldReason: 'HU_GO',
    });
    expect(catalog.products.some((product: { categoryCode: string }) => product.categoryCode === 'BUS')).toBe(
      false,
    );
    const carWeek = catalog.products.find(
      (product: { categoryCode: string; type: string }) =>
        product.categoryCode === 'CAR' && product.type === 'WEEK',
    );
    expect(carWeek).toMatchObject({ priceHuf: 6900, priceRon: 8976, earliestStart: catalog.date });
  });

  it("offers next year's yearly vignettes from 1 December, and only this year's before", async () => {
    const years = async (now: string) =>
      (await getCatalog(new Date(now)))!.products
        .filter((product) => product.categoryCode === 'CAR' && product.type === 'YEAR')
        .map((product) => product.year);
    // Only 2026 prices are seeded: in December 2026 the 2027 vignette shows once its price is entered.
    expect(await years('2026-11-30T12:00:00Z')).toEqual([2026]);
    await env.database.db
      .insert(vignettePrices)
      .values({ categoryCode: 'CAR', type: 'YEAR', year: 2027, priceHuf: 64000 });
    expect(await years('2026-12-01T12:00:00Z')).toEqual([2026, 2027]);
    expect(await years('2026-11-30T12:00:00Z')).toEqual([2026]);
  });

  it('GET /api/currency/nmps/rate answers the latest rate with its date and source', async () => {
    let response = await getRate(jsonRequest('/api/currency/nmps/rate'), noParams);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ RON2HUF: 76.87, date: '2026-11-20', source: 'SEED' });

    await env.database.db
      .insert(exchangeRates)
      .values({ rateDate: '2026-11-21', ron2huf: '76.912345', source: 'BNR' });
    response = await getRate(jsonRequest('/api/currency/nmps/rate'), noParams);
    expect(await response.json()).toEqual({ RON2HUF: 76.912345, date: '2026-11-21', source: 'BNR' });
  });

  it('answers 503 with the error shape when no rate is known', async () => {
    await env.database.db.execute(sql`delete from ${exchangeRates}`);
    const response = await getRate(jsonRequest('/api/currency/nmps/rate'), noParams);
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe('UNAVAILABLE');
  });
});
