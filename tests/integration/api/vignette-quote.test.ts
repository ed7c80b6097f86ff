import { DateTime } from 'luxon';
import { POST } from '@/app/api/nmps/orders/quote/route';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';

const day = (offset: number) =>
  DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: offset }).toISODate()!;
const quote = (body: unknown, headers?: Record<string, string>) =>
  POST(jsonRequest('/api/nmps/orders/quote', { body, headers }), noParams);
const car = { categoryCode: 'CAR', type: 'WEEK', startDate: day(1), plate: 'hd 12 abc', country: 'RO' };

describe('POST /api/nmps/orders/quote', () => {
  let env: Awaited<ReturnType<typeof useProcessDatabase>>;
  beforeAll(async () => {
    env = await useProcessDatabase();
  });
  afterAll(async () => env.cleanup());

  it('prices a cart: validity, official price in HUF, amount in bani at the rate, total', async () => {
    const response = await quote({
      items: [car, { categoryCode: 'VAN', type: 'MONTH', startDate: day(2), plate: 'ABC123', country: 'hu' }],
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.RON2HUF).toBe(76.87);
    expect(body.items[0]).toMatchObject({
      plate: 'HD12ABC',
      country: 'RO',
      firstDay: day(1),
      lastDay: day(10),
      priceHuf: 6900,
      priceRon: 8976,
    });
    expect(body.items[1]).toMatchObject({
      plate: 'ABC123',
      country: 'HU',
      firstDay: day(2),
      priceHuf: 15820,
      priceRon: Math.round(1582000 / 76.87),
    });
    expect(body.totalRon).toBe(body.items[0].priceRon + body.items[1].priceRon);
  });

  it('prices a county vignette for the year with the county', async () => {
    const response = await quote({
      items: [
        { categoryCode: 'MOTOR', type: 'COUNTY_YEAR', county: 'pest', plate: 'B123XYZ', country: 'RO' },
      ],
    });
    expect(response.status).toBe(200);
    const [item] = (await response.json()).items;
    expect(item).toMatchObject({ county: 'pest', priceHuf: 7190 });
    expect(item.lastDay).toMatch(/^\d{4}-01-31$/);
  });

  const issuesOf = async (body: unknown) => {
    const response = await quote(body);
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('VALIDATION');
    return error.issues.map((issue: { path: string; code: string }) => `${issue.path}:${issue.code}`);
  };

  it.each([
    ['an unknown Romanian county', { ...car, plate: 'XX12ABC' }, 'items.0.plate:plateRoCountyUnknown'],
    ['an O among the digits', { ...car, plate: 'HD1OABC' }, 'items.0.plate:plateLetterForDigit'],
    ['a foreign character', { ...car, plate: 'HD12ĂBC' }, 'items.0.plate:plateCharacters'],
    [
      'a plate too long for Germany',
      { ...car, country: 'DE', plate: 'ABCDE123456' },
      'items.0.plate:plateFormat',
    ],
    ['an empty plate', { ...car, plate: ' ' }, 'items.0.plate:plateRequired'],
    ['an unknown country', { ...car, country: 'ZZ' }, 'items.0.country:countryUnknown'],
    ['an unknown category', { ...car, categoryCode: 'TRUCK' }, 'items.0.categoryCode:categoryUnknown'],
    ['B2, no longer sold', { ...car, categoryCode: 'BUS' }, 'items.0.categoryCode:categoryNotSold'],
    ['a start in the past', { ...car, startDate: day(-1) }, 'items.0.startDate:startBeforeToday'],
    ["a start beyond the catalog's latest", { ...car, startDate: day(45) }, 'items.0.startDate:startTooLate'],
    ['no start for a 10-day vignette', { ...car, startDate: undefined }, 'items.0.startDate:startRequired'],
    ['a date that does not exist', { ...car, startDate: '2026-02-30' }, 'items.0.startDate:dateInvalid'],
    [
      'a county vignette without its county',
      { ...car, type: 'COUNTY_YEAR', county: 'atlantis' },
      'items.0.county:countyRequired',
    ],
  ])('answers 422 naming the field for %s', async (_name, item, expected) => {
    expect(await issuesOf({ items: [item] })).toContain(expected);
  });

  it('names every bad item of a cart, with an English message', async () => {
    const response = await quote({ items: [car, { ...car, plate: 'O' }, { ...car, categoryCode: 'BUS' }] });
    const { error } = await response.json();
    expect(error.issues).toEqual([
      {
        path: 'items.1.plate',
        code: 'plateRoCountyUnknown',
        params: { county: 'O' },
        message: expect.stringMatching(/^O is not a Romanian county code/),
      },
    ]);
    expect(await issuesOf({ items: [] })).toEqual(['items:cartEmpty']);
  });

  it('answers 400 for a body that is not JSON and 415 for another content type', async () => {
    expect((await quote('{"items": [')).status).toBe(400);
    const response = await POST(
      new Request('http://localhost/api/nmps/orders/quote', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      }),
      noParams,
    );
    expect(response.status).toBe(415);
    expect((await response.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
