import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  GET as getTopUpProducts,
  PUT as putTopUpProducts,
} from '@/app/api/admin/catalog/topup-products/route';
import {
  GET as getVignettePrices,
  PUT as putVignettePrices,
} from '@/app/api/admin/catalog/vignette-prices/route';
import { GET as getExchangeRate, PUT as putExchangeRate } from '@/app/api/admin/exchange-rate/route';
import { GET as getPublicRate } from '@/app/api/currency/nmps/rate/route';
import { revalidateTag } from 'next/cache';
import { getCatalog, hufToBani } from '@/lib/catalog/catalog';
import { CATALOG_TAG } from '@/lib/catalog/page-revalidation';
import { currentBudapestYear, getLatestRate, getPriceTable, hufToWholeRon } from '@/lib/catalog/price-table';
import { auditLog, orderItems, orders } from '@/lib/db/schema';
import { createTopUpOrder } from '@/lib/orders/create-topup-order';
import { createVignetteOrder } from '@/lib/orders/create-vignette-order';
import { quoteVignettes } from '@/lib/orders/quote';
import { refreshExchangeRate } from '@/lib/startup/workers';
import { listTopUpOperators } from '@/lib/topups/catalog';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import type { VignetteItem } from '@/lib/validations/vignette-order';
import { budapestToday } from '@/lib/vignettes/validity';
import { describeForDriver } from '../../support/databases';
import { jsonRequest, noParams, withEnv } from '../../support/process-database';
import { get, processDrivers, staff } from './admin-fixtures';

/*
 * Staff change the catalog (docs/api.md, Catalog administration): a year's vignette prices, the top-up products and
 * the exchange rate, each with its audit entry, its 422s, and the promise that orders already made never change.
 */

const year = currentBudapestYear();
const nextYear = year + 1;
/** The first day of the pre-sale of next year's yearly vignettes (lib/vignettes/validity.ts `sellableYears`). */
const preSaleDay = new Date(`${year}-12-01T09:00:00Z`);

const put = (url: string, body: unknown, token?: string) =>
  jsonRequest(url, {
    method: 'PUT',
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const issuesOf = async (response: Response) =>
  ((await response.json()) as { error: { issues?: { path: string; code: string }[] } }).error.issues?.map(
    ({ path, code }) => ({ path, code }),
  );

const yearlyCar = (plate: string): VignetteItem => ({
  categoryCode: 'CAR',
  type: 'YEAR',
  startDate: undefined,
  county: undefined,
  plate,
  country: 'RO',
});

const order = (items: VignetteItem[]) => ({
  items,
  email: 'driver@example.ro',
  locale: 'ro' as const,
  acceptTerms: true as const,
});

describe.each(processDrivers)('catalog administration on $name', ({ open, available }) => {
  describeForDriver(available)('', () => {
    let env: Awaited<ReturnType<typeof open>>;
    const db = () => env.database.db;
    let admin: string;
    let operator: string;

    const lastAudit = async (action: string) =>
      (
        await db()
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, action))
          .orderBy(desc(auditLog.id))
          .limit(1)
      )[0];
    const auditCount = async (action: string) =>
      (await db().select().from(auditLog).where(eq(auditLog.action, action))).length;

    beforeAll(async () => {
      env = await open();
      admin = (await staff(db(), 'catalog-admin', 'ADMIN')).token;
      operator = (await staff(db(), 'catalog-operator', 'OPERATOR')).token;
    }, 120_000);
    afterAll(() => env.cleanup());

    describe('vignette prices', () => {
      const pricesUrl = '/api/admin/catalog/vignette-prices';

      it('lists every sellable category × period of a year, and says which have no price', async () => {
        let response = await getVignettePrices(get(pricesUrl, operator), noParams);
        expect(response.status).toBe(200);
        let sheet = await response.json();
        expect(sheet.year).toBe(year);
        expect(sheet.editableYears).toEqual([year, nextYear]);
        // The seed's prices are 2026's; in a later year the list is as empty as next year's.
        if (year === 2026) {
          expect(sheet.prices).toHaveLength(20);
          expect(sheet.prices[0]).toEqual({ categoryCode: 'CAR', type: 'DAY', priceHuf: 5550 });
          expect(sheet.missing).toEqual([]);
        }
        expect(sheet.prices.some((price: { categoryCode: string }) => price.categoryCode === 'BUS')).toBe(
          false,
        );

        response = await getVignettePrices(get(`${pricesUrl}?year=${nextYear}`, operator), noParams);
        sheet = await response.json();
        expect(sheet.prices).toEqual([]);
        expect(sheet.missing).toHaveLength(20);
        expect(sheet.missing.slice(0, 5)).toEqual(
          ['DAY', 'WEEK', 'MONTH', 'YEAR', 'COUNTY_YEAR'].map((type) => ({ categoryCode: 'CAR', type })),
        );
        expect(sheet.missing.map((entry: { categoryCode: string }) => entry.categoryCode)).not.toContain(
          'BUS',
        );

        response = await getVignettePrices(get(`${pricesUrl}?year=twenty`, operator), noParams);
        expect(response.status).toBe(422);
        expect(await issuesOf(response)).toEqual([{ path: 'year', code: 'invalid' }]);
      });

      it('regenerates the pages that show prices after a saved change, not after a refused one', async () => {
        const revalidated = jest.mocked(revalidateTag);
        revalidated.mockClear();
        const refused = await putVignettePrices(
          put(pricesUrl, { year, prices: [{ categoryCode: 'CAR', type: 'WEEK', priceHuf: 0 }] }, admin),
          noParams,
        );
        expect(refused.status).toBe(422);
        expect(revalidated).not.toHaveBeenCalled();
        // The stored prices sent again: saved (and nothing changed, so the other tests find the seed's prices).
        const { prices } = await (await getVignettePrices(get(pricesUrl, admin), noParams)).json();
        const saved = await putVignettePrices(
          put(pricesUrl, { year, prices: prices.slice(0, 1) }, admin),
          noParams,
        );
        expect(saved.status).toBe(200);
        expect(revalidated).toHaveBeenCalledWith(CATALOG_TAG, { expire: 0 });
      });

      it('refuses bad input with 422 naming the field, and stores nothing of it', async () => {
        const valid = { categoryCode: 'CAR', type: 'WEEK', priceHuf: 7000 };
        const cases: [unknown, { path: string; code: string }[]][] = [
          [
            { year: nextYear, prices: [valid, { ...valid, type: 'MONTH', priceHuf: -5 }] },
            [{ path: 'prices.1.priceHuf', code: 'priceInvalid' }],
          ],
          [
            { year: nextYear, prices: [{ ...valid, priceHuf: 0 }] },
            [{ path: 'prices.0.priceHuf', code: 'priceInvalid' }],
          ],
          [
            { year: nextYear, prices: [{ ...valid, priceHuf: 6900.5 }] },
            [{ path: 'prices.0.priceHuf', code: 'priceInvalid' }],
          ],
          [
            { year: nextYear, prices: [{ ...valid, priceHuf: '6900' }] },
            [{ path: 'prices.0.priceHuf', code: 'priceInvalid' }],
          ],
          [
            {
              year: nextYear,
              prices: [
                valid,
                { ...valid, type: 'DAY' },
                { ...valid, type: 'MONTH' },
                { ...valid, categoryCode: 'TRUCK' },
              ],
            },
            [{ path: 'prices.3.categoryCode', code: 'categoryUnknown' }],
          ],
          [
            { year: nextYear, prices: [{ ...valid, categoryCode: 'BUS' }] },
            [{ path: 'prices.0.categoryCode', code: 'categoryNotSold' }],
          ],
          [
            { year: nextYear, prices: [{ ...valid, type: 'WEEKLY' }] },
            [{ path: 'prices.0.type', code: 'typeUnknown' }],
          ],
          [
            { year: nextYear, prices: [valid, { ...valid, priceHuf: 7100 }] },
            [{ path: 'prices.1.type', code: 'priceDuplicate' }],
          ],
          [{ year: year - 1, prices: [valid] }, [{ path: 'year', code: 'yearNotEditable' }]],
          [{ year: year + 2, prices: [valid] }, [{ path: 'year', code: 'yearNotEditable' }]],
          [{ year: nextYear, prices: [] }, [{ path: 'prices', code: 'required' }]],
        ];
        for (const [body, issues] of cases) {
          const response = await putVignettePrices(put(pricesUrl, body, admin), noParams);
          expect({ body, status: response.status }).toEqual({ body, status: 422 });
          expect(await issuesOf(response)).toEqual(issues);
        }
        const sheet = await (
          await getVignettePrices(get(`${pricesUrl}?year=${nextYear}`, admin), noParams)
        ).json();
        expect(sheet.prices).toEqual([]);
        expect(await auditCount('catalog.vignettePrices')).toBe(0);
      });

      it("sells next year's yearly vignette at the newly saved price from the pre-sale of 1 December", async () => {
        const quoteOnPreSaleDay = () => quoteVignettes([yearlyCar('B123ABC')], preSaleDay);

        // Before the price is entered next year's vignette cannot be bought (and the empty list is now cached).
        await expect(quoteOnPreSaleDay()).rejects.toMatchObject({
          code: 'VALIDATION',
          issues: [expect.objectContaining({ path: 'items.0.type', code: 'priceMissing' })],
        });

        const response = await putVignettePrices(
          put(
            pricesUrl,
            {
              year: nextYear,
              prices: [
                { categoryCode: 'CAR', type: 'YEAR', priceHuf: 64990 },
                { categoryCode: 'CAR', type: 'COUNTY_YEAR', priceHuf: 7590 },
              ],
            },
            admin,
          ),
          noParams,
        );
        expect(response.status).toBe(200);
        const sheet = await response.json();
        expect(sheet.prices).toEqual([
          { categoryCode: 'CAR', type: 'YEAR', priceHuf: 64990 },
          { categoryCode: 'CAR', type: 'COUNTY_YEAR', priceHuf: 7590 },
        ]);
        expect(sheet.missing).toHaveLength(18);

        // The same second: the save cleared the process cache, so the quote does not wait for it to expire.
        const quote = await quoteOnPreSaleDay();
        expect(quote.items[0]).toMatchObject({
          firstDay: `${nextYear}-01-01`,
          lastDay: `${nextYear + 1}-01-31`,
          priceYear: nextYear,
          priceHuf: 64990,
          priceBani: hufToBani(64990, quote.rate.ron2huf),
        });
        const catalog = await getCatalog(preSaleDay);
        expect(
          catalog!.products.filter((product) => product.categoryCode === 'CAR' && product.type === 'YEAR'),
        ).toContainEqual(expect.objectContaining({ year: nextYear, priceHuf: 64990 }));

        const { order: created } = await createVignetteOrder(order([yearlyCar('B123ABC')]), {
          now: preSaleDay,
        });
        const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, created.id));
        expect(item).toMatchObject({ priceHuf: 64990, priceBani: hufToBani(64990, quote.rate.ron2huf) });

        // On the day before, the same request is this year's vignette, at this year's price.
        if (year === 2026) {
          const november = await quoteVignettes([yearlyCar('B123ABC')], new Date(`${year}-11-30T09:00:00Z`));
          expect(november.items[0]).toMatchObject({ priceYear: year, priceHuf: 61760 });
        }
      });

      it('records the changes old → new in the audit log, and writes nothing when nothing changes', async () => {
        const body = {
          year: nextYear,
          prices: [
            { categoryCode: 'CAR', type: 'YEAR', priceHuf: 65500 },
            { categoryCode: 'CAR', type: 'COUNTY_YEAR', priceHuf: 7590 },
            { categoryCode: 'MOTOR', type: 'WEEK', priceHuf: 3600 },
          ],
        };
        expect((await putVignettePrices(put(pricesUrl, body, admin), noParams)).status).toBe(200);
        const entry = await lastAudit('catalog.vignettePrices');
        expect(entry).toMatchObject({
          actorName: 'catalog-admin',
          target: String(nextYear),
          details: {
            year: nextYear,
            changes: [
              { categoryCode: 'CAR', type: 'YEAR', from: 64990, to: 65500 },
              { categoryCode: 'MOTOR', type: 'WEEK', from: null, to: 3600 },
            ],
          },
        });
        const entries = await auditCount('catalog.vignettePrices');
        expect((await putVignettePrices(put(pricesUrl, body, admin), noParams)).status).toBe(200);
        expect(await auditCount('catalog.vignettePrices')).toBe(entries);
      });

      it('never changes an order already made: it keeps the price it was sold at', async () => {
        const [before] = await db()
          .select({
            amountBani: orders.amountBani,
            priceHuf: orderItems.priceHuf,
            priceBani: orderItems.priceBani,
          })
          .from(orders)
          .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
          .where(eq(orderItems.priceHuf, 64990));
        expect(before).toBeDefined();

        await putVignettePrices(
          put(
            pricesUrl,
            { year: nextYear, prices: [{ categoryCode: 'CAR', type: 'YEAR', priceHuf: 70000 }] },
            admin,
          ),
          noParams,
        );
        const [after] = await db()
          .select({
            amountBani: orders.amountBani,
            priceHuf: orderItems.priceHuf,
            priceBani: orderItems.priceBani,
          })
          .from(orders)
          .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
          .where(eq(orderItems.priceHuf, 64990));
        expect(after).toEqual(before);
        expect((await quoteVignettes([yearlyCar('CJ10XYZ')], preSaleDay)).items[0]!.priceHuf).toBe(70000);
      });
    });

    describe('top-up products', () => {
      const productsUrl = '/api/admin/catalog/topup-products';
      type Sheet = {
        operators: {
          id: string;
          active: boolean;
          products: { id: string; priceBani: number; active: boolean; sortOrder: number }[];
        }[];
      };
      const sheet = async (): Promise<Sheet> =>
        (await getTopUpProducts(get(productsUrl, operator), noParams)).json();
      const productOf = (data: Sheet, id: string) =>
        data.operators.flatMap((entry) => entry.products).find((product) => product.id === id);

      it('lists every operator with every product and its state', async () => {
        const data = await sheet();
        expect(data.operators.map((entry) => [entry.id, entry.active])).toEqual([
          ['orange', true],
          ['vodafone', true],
          ['digi', true],
        ]);
        expect(data.operators[1]!.products.find((product) => product.id === 'vodafone-pin-5')).toEqual({
          id: 'vodafone-pin-5',
          operatorId: 'vodafone',
          faceValueCents: 500,
          priceBani: 3100,
          delivery: 'PIN',
          active: true,
          sortOrder: 11,
        });
      });

      it('refuses bad input with 422 naming the field, and applies none of a refused request', async () => {
        const orange10 = {
          id: 'orange-10',
          operatorId: 'orange',
          faceValueCents: 1000,
          priceBani: 6200,
          delivery: 'DIRECT',
          active: true,
        };
        const fresh = {
          operatorId: 'orange',
          faceValueCents: 1200,
          priceBani: 7400,
          delivery: 'DIRECT',
          active: true,
        };
        const cases: [unknown, { path: string; code: string }[]][] = [
          [
            { operators: [{ id: 'telekom', active: true }] },
            [{ path: 'operators.0.id', code: 'operatorUnknown' }],
          ],
          [
            { products: [{ ...orange10, id: 'orange-11' }] },
            [{ path: 'products.0.id', code: 'productUnknown' }],
          ],
          [
            {
              products: [
                { ...orange10, priceBani: 6500 },
                { ...orange10, id: 'orange-5', faceValueCents: 600 },
              ],
            },
            [{ path: 'products.1.faceValueCents', code: 'productFieldFixed' }],
          ],
          [
            { products: [{ ...orange10, delivery: 'PIN' }] },
            [{ path: 'products.0.delivery', code: 'productFieldFixed' }],
          ],
          [
            { products: [{ ...orange10, operatorId: 'digi' }] },
            [{ path: 'products.0.operatorId', code: 'productFieldFixed' }],
          ],
          [
            { products: [{ ...fresh, faceValueCents: 1000 }] },
            [{ path: 'products.0.faceValueCents', code: 'productDuplicate' }],
          ],
          [{ products: [fresh, fresh] }, [{ path: 'products.1.faceValueCents', code: 'productDuplicate' }]],
          [
            { products: [{ ...fresh, operatorId: 'telekom' }] },
            [{ path: 'products.0.operatorId', code: 'operatorUnknown' }],
          ],
          [
            { products: [{ ...fresh, priceBani: 0 }] },
            [{ path: 'products.0.priceBani', code: 'priceInvalid' }],
          ],
          [
            { products: [{ ...fresh, priceBani: 74.5 }] },
            [{ path: 'products.0.priceBani', code: 'priceInvalid' }],
          ],
          [
            { products: [{ ...fresh, faceValueCents: -100 }] },
            [{ path: 'products.0.faceValueCents', code: 'faceValueInvalid' }],
          ],
          [
            { products: [{ ...fresh, delivery: 'SMS' }] },
            [{ path: 'products.0.delivery', code: 'deliveryUnknown' }],
          ],
          [{ products: [orange10, orange10] }, [{ path: 'products.1.id', code: 'productDuplicate' }]],
        ];
        for (const [body, issues] of cases) {
          const response = await putTopUpProducts(put(productsUrl, body, admin), noParams);
          expect({ body, status: response.status }).toEqual({ body, status: 422 });
          expect(await issuesOf(response)).toEqual(issues);
        }
        expect(productOf(await sheet(), 'orange-10')!.priceBani).toBe(6200);
        expect(productOf(await sheet(), 'orange-12')).toBeUndefined();
        expect(await auditCount('catalog.topUpProducts')).toBe(0);
      });

      it('changes prices and states, adds products with the seed’s kind of id, and never deletes', async () => {
        const { order: earlier } = await createTopUpOrder({
          operatorId: 'orange',
          productId: 'orange-10',
          phone: '+40722123456',
          email: 'driver@example.ro',
          locale: 'ro',
          acceptTerms: true,
        });
        expect(earlier.amountBani).toBe(6200);

        const response = await putTopUpProducts(
          put(
            productsUrl,
            {
              operators: [
                { id: 'digi', active: false },
                { id: 'orange', active: true },
              ],
              products: [
                {
                  id: 'orange-10',
                  operatorId: 'orange',
                  faceValueCents: 1000,
                  priceBani: 6450,
                  delivery: 'DIRECT',
                  active: true,
                },
                {
                  id: 'vodafone-pin-5',
                  operatorId: 'vodafone',
                  faceValueCents: 500,
                  priceBani: 3100,
                  delivery: 'PIN',
                  active: false,
                },
                {
                  operatorId: 'orange',
                  faceValueCents: 1200,
                  priceBani: 7400,
                  delivery: 'DIRECT',
                  active: true,
                },
                {
                  operatorId: 'vodafone',
                  faceValueCents: 750,
                  priceBani: 4650,
                  delivery: 'PIN',
                  active: true,
                },
              ],
            },
            admin,
          ),
          noParams,
        );
        expect(response.status).toBe(200);
        const data: Sheet = await response.json();
        expect(data.operators.find((entry) => entry.id === 'digi')!.active).toBe(false);
        expect(productOf(data, 'orange-10')).toMatchObject({ priceBani: 6450, active: true });
        expect(productOf(data, 'vodafone-pin-5')).toMatchObject({ active: false });
        expect(productOf(data, 'orange-12')).toMatchObject({
          operatorId: 'orange',
          faceValueCents: 1200,
          priceBani: 7400,
          delivery: 'DIRECT',
          active: true,
          sortOrder: 18,
        });
        expect(productOf(data, 'vodafone-pin-7.5')).toMatchObject({ sortOrder: 19 });
        expect(data.operators.flatMap((entry) => entry.products)).toHaveLength(19);

        const entry = await lastAudit('catalog.topUpProducts');
        expect(entry).toMatchObject({
          actorName: 'catalog-admin',
          details: {
            operators: [{ id: 'digi', active: { from: true, to: false } }],
            products: [
              { id: 'orange-10', priceBani: { from: 6200, to: 6450 } },
              { id: 'vodafone-pin-5', active: { from: true, to: false } },
            ],
            added: [
              expect.objectContaining({ id: 'orange-12', priceBani: 7400 }),
              expect.objectContaining({ id: 'vodafone-pin-7.5', faceValueCents: 750 }),
            ],
          },
        });

        // The shop sells what is on sale at its new price; the order made before keeps what it paid.
        const onSale = await listTopUpOperators(db());
        expect(onSale.map((entry) => entry.id)).toEqual(['orange', 'vodafone']);
        expect(onSale[0]!.products.map((product) => product.id)).toContain('orange-12');
        expect(onSale[1]!.products.map((product) => product.id)).not.toContain('vodafone-pin-5');
        const { order: later } = await createTopUpOrder({
          operatorId: 'orange',
          productId: 'orange-10',
          phone: '+40722123456',
          email: 'driver@example.ro',
          locale: 'ro',
          acceptTerms: true,
        });
        expect(later.amountBani).toBe(6450);
        const [kept] = await db().select().from(orders).where(eq(orders.id, earlier.id));
        const [keptItem] = await db().select().from(orderItems).where(eq(orderItems.orderId, earlier.id));
        expect([kept!.amountBani, keptItem!.priceBani]).toEqual([6200, 6200]);

        // A withdrawn product is brought back by switching it on, not by adding it again.
        const again = await putTopUpProducts(
          put(
            productsUrl,
            {
              products: [
                {
                  operatorId: 'vodafone',
                  faceValueCents: 500,
                  priceBani: 3100,
                  delivery: 'PIN',
                  active: true,
                },
              ],
            },
            admin,
          ),
          noParams,
        );
        expect(await issuesOf(again)).toEqual([
          { path: 'products.0.faceValueCents', code: 'productDuplicate' },
        ]);
      });
    });

    describe('exchange rate', () => {
      const rateUrl = '/api/admin/exchange-rate';
      let server: http.Server;
      let feedUrl: string;
      let feed: { status: number; body: string };
      const bnrFile = fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/bnr/nbrfxrates.xml'), 'utf8');
      /** The fixture's rates (HUF 1.3010 lei per 100) on another banking day. */
      const bnrOn = (day: string) => bnrFile.replaceAll('2026-11-20', day);
      const bnrRate = Number((100 / 1.301).toFixed(6));
      const shopToday = DateTime.now().setZone(SHOP_TIME_ZONE).toISODate()!;

      beforeAll(async () => {
        server = http.createServer((_request, response) =>
          response.writeHead(feed.status, { 'content-type': 'text/xml' }).end(feed.body),
        );
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nbrfxrates.xml`;
      });
      afterAll(() => new Promise((resolve) => server.close(resolve)));

      const status = async (token = operator) =>
        (await getExchangeRate(get(rateUrl, token), noParams)).json();

      it('shows the rate in use and the feed job’s last success and failure', async () => {
        expect(await status()).toEqual({
          rate: { RON2HUF: 76.87, date: '2026-11-20', source: 'SEED', recordedAt: expect.any(String) },
          feed: { enabled: false, lastSuccess: null, lastFailure: null },
        });
        await withEnv({ EXCHANGE_RATE_FEED_URL: feedUrl }, async () =>
          expect((await status()).feed.enabled).toBe(true),
        );

        feed = { status: 500, body: 'down for maintenance' };
        await expect(refreshExchangeRate(feedUrl)).rejects.toThrow('HTTP 500');
        let data = await status();
        expect(data.feed.lastFailure).toEqual({
          at: expect.any(String),
          reason: 'HTTP_STATUS',
          status: 500,
          message: expect.stringContaining('HTTP 500'),
        });
        expect(data.feed.lastSuccess).toBeNull();

        feed = { status: 200, body: '<html>BNR home page</html>' };
        await expect(refreshExchangeRate(feedUrl)).rejects.toThrow();
        expect((await status()).feed.lastFailure.reason).toBe('NOT_XML');

        feed = { status: 200, body: bnrOn('2026-11-20') };
        await refreshExchangeRate(feedUrl);
        data = await status();
        expect(data.rate).toMatchObject({ RON2HUF: bnrRate, date: '2026-11-20', source: 'BNR' });
        expect(data.feed.lastSuccess).toEqual({
          at: expect.any(String),
          date: '2026-11-20',
          RON2HUF: bnrRate,
        });
        // The last failure stays on show, with its time, beside the success that came after it.
        expect(data.feed.lastFailure.reason).toBe('NOT_XML');
      });

      it('refuses a rate that is not a sane number of forints per leu', async () => {
        for (const RON2HUF of [0, -76, 9.99, 200.01, 76.1234567, '76.5', null]) {
          const response = await putExchangeRate(put(rateUrl, { RON2HUF }, admin), noParams);
          expect({ RON2HUF, status: response.status }).toEqual({ RON2HUF, status: 422 });
          expect(await issuesOf(response)).toEqual([{ path: 'RON2HUF', code: 'rateInvalid' }]);
        }
        expect((await status()).rate.source).toBe('BNR');
        expect(await auditCount('catalog.exchangeRate')).toBe(0);
      });

      it('puts a manual rate in use at once for the FAQ table and new quotes; old orders keep theirs', async () => {
        // A 10-day vignette from today in Hungary, priced (and the rate cached) before the change.
        const week = (): VignetteItem => ({
          ...yearlyCar('B123ABC'),
          type: 'WEEK',
          startDate: budapestToday(new Date()),
        });
        const quoteNow = () => quoteVignettes([week()], new Date());
        const before = await quoteNow();
        expect(before.rate).toMatchObject({ ron2huf: bnrRate, source: 'BNR' });
        const { order: earlier } = await createVignetteOrder(order([week()]));

        const response = await putExchangeRate(put(rateUrl, { RON2HUF: 80.123456 }, admin), noParams);
        expect(response.status).toBe(200);
        expect((await response.json()).rate).toEqual({
          RON2HUF: 80.123456,
          date: shopToday,
          source: 'ADMIN',
          recordedAt: expect.any(String),
        });
        expect(await lastAudit('catalog.exchangeRate')).toMatchObject({
          actorName: 'catalog-admin',
          target: shopToday,
          details: {
            from: { RON2HUF: bnrRate, date: '2026-11-20', source: 'BNR' },
            to: { RON2HUF: 80.123456, date: shopToday, source: 'ADMIN' },
          },
        });

        // The FAQ page's data: the table's prices at the rate in use.
        const rate = await getLatestRate();
        expect(rate).toEqual({ ron2huf: 80.123456, date: shopToday, source: 'ADMIN' });
        const table = await getPriceTable(year);
        const carWeek = table.find((row) => row.code === 'CAR')!.pricesHuf.WEEK!;
        expect(hufToWholeRon(carWeek, rate!.ron2huf)).toBe(Math.round(carWeek / 80.123456));
        expect(await (await getPublicRate(jsonRequest('/api/currency/nmps/rate'), noParams)).json()).toEqual({
          RON2HUF: 80.123456,
          date: shopToday,
          source: 'ADMIN',
        });

        // A new quote, in the same second: the cached rate was cleared.
        const after = await quoteNow();
        expect(after.rate.ron2huf).toBe(80.123456);
        expect(after.items[0]!.priceBani).toBe(hufToBani(after.items[0]!.priceHuf, 80.123456));

        const [kept] = await db().select().from(orders).where(eq(orders.id, earlier.id));
        expect(kept).toMatchObject({
          amountBani: earlier.amountBani,
          ron2huf: earlier.ron2huf,
          rateDate: '2026-11-20',
        });
        expect(Number(kept!.ron2huf)).toBe(bnrRate);
      });

      it('keeps the manual rate while the feed repeats its day, and gives way to the feed’s next new rate', async () => {
        // Set again the same day: the one ADMIN row of the day is overwritten and stays the newest.
        expect((await putExchangeRate(put(rateUrl, { RON2HUF: 79.5 }, admin), noParams)).status).toBe(200);
        expect((await status()).rate).toMatchObject({ RON2HUF: 79.5, source: 'ADMIN' });

        feed = { status: 200, body: bnrOn('2026-11-20') };
        await refreshExchangeRate(feedUrl);
        expect((await status()).rate).toMatchObject({ RON2HUF: 79.5, source: 'ADMIN' });

        feed = { status: 200, body: bnrOn('2026-11-25') };
        await refreshExchangeRate(feedUrl);
        expect((await status()).rate).toMatchObject({ RON2HUF: bnrRate, date: '2026-11-25', source: 'BNR' });
        expect((await getLatestRate())!.source).toBe('BNR');
      });
    });
  });
});
