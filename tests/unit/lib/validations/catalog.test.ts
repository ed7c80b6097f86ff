import {
  exchangeRateUpdateSchema,
  topUpCatalogUpdateSchema,
  vignettePricesUpdateSchema,
} from '@/lib/validations/catalog';
import { topUpProductId } from '@/lib/topups/seed-data';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('the catalog administration schemas', () => {
  it('take a year’s prices once per sellable category and period, as whole forints', () => {
    const price = { categoryCode: 'CAR', type: 'YEAR', priceHuf: 64990 };
    expect(vignettePricesUpdateSchema.safeParse({ year: 2027, prices: [price] }).success).toBe(true);
    expect(
      issuesOf(
        vignettePricesUpdateSchema.safeParse({
          year: 2027,
          prices: [
            price,
            { ...price, priceHuf: 1_000_001 },
            { ...price, categoryCode: 'BUS' },
            { ...price, categoryCode: 'car' },
            { ...price, type: 'WEEK', priceHuf: 0.5 },
          ],
        }),
      ),
    ).toEqual([
      'prices.1.priceHuf:priceInvalid',
      'prices.2.categoryCode:categoryNotSold',
      'prices.3.categoryCode:categoryUnknown',
      'prices.4.priceHuf:priceInvalid',
    ]);
    // Duplicates are looked for once every entry is valid on its own.
    expect(issuesOf(vignettePricesUpdateSchema.safeParse({ year: 2027, prices: [price, price] }))).toEqual([
      'prices.1.type:priceDuplicate',
    ]);
  });

  it('take top-up changes with their amounts in minor units, each product id at most once', () => {
    const product = {
      id: 'orange-10',
      operatorId: 'orange',
      faceValueCents: 1000,
      priceBani: 6200,
      delivery: 'DIRECT',
      active: true,
    };
    expect(topUpCatalogUpdateSchema.parse({})).toEqual({ operators: [], products: [] });
    expect(
      issuesOf(
        topUpCatalogUpdateSchema.safeParse({
          operators: [
            { id: 'orange', active: false },
            { id: 'orange', active: true },
          ],
          products: [product, product, { ...product, id: undefined, faceValueCents: 0, delivery: 'SMS' }],
        }),
      ),
    ).toEqual(['products.2.faceValueCents:faceValueInvalid', 'products.2.delivery:deliveryUnknown']);
    expect(
      issuesOf(
        topUpCatalogUpdateSchema.safeParse({
          operators: [
            { id: 'orange', active: false },
            { id: 'orange', active: true },
          ],
          products: [product, product],
        }),
      ),
    ).toEqual(['operators.1.id:invalid', 'products.1.id:productDuplicate']);
  });

  it('take a rate of 10 to 200 forints per leu with at most 6 decimals', () => {
    for (const RON2HUF of [10, 76.87, 76.123456, 200])
      expect(exchangeRateUpdateSchema.safeParse({ RON2HUF }).success).toBe(true);
    for (const RON2HUF of [9.999999, 200.000001, 76.1234567, Number.NaN, Infinity, '76.87'])
      expect(issuesOf(exchangeRateUpdateSchema.safeParse({ RON2HUF }))).toEqual(['RON2HUF:rateInvalid']);
  });

  it('name a new top-up product as the seed names its own', () => {
    expect(topUpProductId('orange', 1000, 'DIRECT')).toBe('orange-10');
    expect(topUpProductId('vodafone', 500, 'PIN')).toBe('vodafone-pin-5');
    expect(topUpProductId('digi', 750, 'DIRECT')).toBe('digi-7.5');
  });
});
