import { GET as checkPlate } from '@/app/api/vignettes/check/route';
import { vignettesByPlate } from '@/lib/orders/vignettes-by-plate';
import { takePageToken } from '@/lib/api/page-rate-limit';
import { PEER_ADDRESS_HEADER, stampPeerAddress } from '@/lib/security/peer-address';
import { RATE_LIMITS } from '@/lib/api/rate-limit';
import { describeOnProcessDrivers, insertOrder, vignette } from '../admin/admin-fixtures';
import { withRateLimitMultiplier } from '../../support/process-database';

/*
 * The validity check by plate on PGlite and PostgreSQL: only this plate and country, only delivered vignettes, each
 * with its status on a controlled day; nothing of the buyer in the API's answer; a refused plate is a 400 and an
 * address over its limit a 429, shared by the page and the API.
 */
const PLATE = 'B123XYZ';
const EMAIL = 'plate-owner@example.ro';
/** 15 July 2026, noon in Budapest. */
const NOW = new Date('2026-07-15T10:00:00Z');

const delivered = (
  type: Parameters<typeof vignette>[1],
  firstDay: string,
  lastDay: string,
  extra: Partial<ReturnType<typeof vignette>> = {},
) => ({
  ...vignette('CAR', type, PLATE, 5000),
  firstDay,
  lastDay,
  issuedId: `HU-${firstDay}-${type}`,
  ...extra,
});

const order = (
  status: Parameters<typeof insertOrder>[1]['status'],
  items: ReturnType<typeof vignette>[],
) => ({
  kind: 'VIGNETTE' as const,
  status,
  email: EMAIL,
  createdAt: '2026-07-01T08:00:00Z',
  amountBani: 5000 * items.length,
  items,
});

const get = (query: string, peer = '198.51.100.7') =>
  checkPlate(
    new Request(`http://localhost/api/vignettes/check${query}`, {
      headers: { [PEER_ADDRESS_HEADER]: stampPeerAddress(peer) },
    }),
    undefined,
  );

describeOnProcessDrivers('the validity check by plate', (db) => {
  const orderIds: string[] = [];
  beforeAll(async () => {
    const orders = [
      // Active today, with another plate in the same order.
      order('FULFILLED', [
        delivered('WEEK', '2026-07-10', '2026-07-19'),
        { ...delivered('WEEK', '2026-07-10', '2026-07-19'), plate: 'CJ12ABC' },
      ]),
      // Next year's yearly and a county one: upcoming.
      order('FULFILLED', [
        delivered('YEAR', '2027-01-01', '2028-01-31'),
        delivered('COUNTY_YEAR', '2027-01-01', '2028-01-31', { county: 'baranya', categoryCode: 'CAR' }),
      ]),
      // A day long gone.
      order('FULFILLED', [delivered('DAY', '2026-03-02', '2026-03-02')]),
      // Refunded: whatever its days.
      order('REFUNDED', [delivered('MONTH', '2026-07-01', '2026-08-01')]),
      // Partly delivered: the delivered one counts, the failed one is no vignette.
      order('FULFILLMENT_FAILED', [
        delivered('WEEK', '2026-07-12', '2026-07-21', { categoryCode: 'VAN' }),
        { ...delivered('WEEK', '2026-07-12', '2026-07-21'), issuedId: null },
      ]),
      // Paid, still being issued: nothing yet.
      order('PAID', [{ ...delivered('DAY', '2026-07-16', '2026-07-16'), issuedId: null }]),
      // The same characters registered elsewhere: another vehicle.
      order('FULFILLED', [{ ...delivered('WEEK', '2026-07-10', '2026-07-19'), country: 'BG' }]),
    ];
    for (const each of orders) orderIds.push(await insertOrder(db(), each));
  });

  it('finds only the delivered vignettes of that plate and country, each with its status that day', async () => {
    const found = await vignettesByPlate(db(), { plate: PLATE, country: 'RO' }, NOW);
    expect(
      found.map((row) => [row.status, row.categoryCode, row.type, row.firstDay, row.lastDay, row.county]),
    ).toEqual([
      ['ACTIVE', 'VAN', 'WEEK', '2026-07-12', '2026-07-21', null],
      ['ACTIVE', 'CAR', 'WEEK', '2026-07-10', '2026-07-19', null],
      ['UPCOMING', 'CAR', 'COUNTY_YEAR', '2027-01-01', '2028-01-31', 'baranya'],
      ['UPCOMING', 'CAR', 'YEAR', '2027-01-01', '2028-01-31', null],
      ['ENDED', 'CAR', 'DAY', '2026-03-02', '2026-03-02', null],
      ['REFUNDED', 'CAR', 'MONTH', '2026-07-01', '2026-08-01', null],
    ]);
    expect(found[0]!.categoryTitle).toBe('D2');
  });

  it('moves with the clock: the week ends, the year begins', async () => {
    const later = await vignettesByPlate(
      db(),
      { plate: PLATE, country: 'RO' },
      new Date('2027-01-05T10:00:00Z'),
    );
    expect(later.map((row) => `${row.status} ${row.type}`)).toEqual([
      'ACTIVE COUNTY_YEAR',
      'ACTIVE YEAR',
      'ENDED WEEK',
      'ENDED WEEK',
      'ENDED DAY',
      'REFUNDED MONTH',
    ]);
  });

  it('finds nothing for a plate this shop never sold, nor for the plate under another country', async () => {
    expect(await vignettesByPlate(db(), { plate: 'B999ZZZ', country: 'RO' }, NOW)).toEqual([]);
    expect(await vignettesByPlate(db(), { plate: PLATE, country: 'HU' }, NOW)).toEqual([]);
  });

  it('answers the API with the normalized plate and the vignettes, and nothing of the buyer', async () => {
    const response = await get('?plate=b-123%20xyz&country=ro');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { plate: string; country: string; vignettes: object[] };
    expect(Object.keys(body).sort()).toEqual(['country', 'plate', 'vignettes']);
    expect(body.plate).toBe(PLATE);
    expect(body.country).toBe('RO');
    expect(body.vignettes).toHaveLength(6);
    for (const entry of body.vignettes) {
      expect(Object.keys(entry).sort()).toEqual([
        'categoryCode',
        'categoryTitle',
        'county',
        'firstDay',
        'lastDay',
        'status',
        'type',
      ]);
    }
    const text = JSON.stringify(body);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('HU-');
    for (const id of orderIds) expect(text).not.toContain(id);
  });

  it('refuses a missing or malformed plate, or an unknown country, with 400 and the reason', async () => {
    const refused = async (query: string) => {
      const response = await get(query, '198.51.100.8');
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        error: { code: string; issues: { path: string; code: string }[] };
      };
      expect(body.error.code).toBe('BAD_REQUEST');
      return body.error.issues.map((issue) => `${issue.path}:${issue.code}`);
    };
    expect(await refused('?country=RO')).toEqual(['plate:plateRequired']);
    // The letter O where Romania's plates have a digit: the form's own hint.
    expect(await refused('?plate=B12OXYZ&country=RO')).toEqual(['plate:plateLetterForDigit']);
    expect(await refused('?plate=B123XYZ&country=XX')).toEqual(['country:countryUnknown']);
  });

  it('limits an address to 20 checks at once, page and API together, then answers 429 with Retry-After', async () => {
    await withRateLimitMultiplier(1, async () => {
      const peer = '203.0.113.29';
      const page = () =>
        takePageToken(
          db(),
          RATE_LIMITS.plateCheck,
          new Headers({ [PEER_ADDRESS_HEADER]: stampPeerAddress(peer) }),
        );
      expect((await page()).allowed).toBe(true);
      const statuses: number[] = [];
      for (let call = 0; call < 20; call++)
        statuses.push((await get(`?plate=${PLATE}&country=RO`, peer)).status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(19);
      const refused = await get(`?plate=${PLATE}&country=RO`, peer);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TOO_MANY_REQUESTS');
      expect((await page()).allowed).toBe(false);
      // Another address has its own bucket.
      expect((await get(`?plate=${PLATE}&country=RO`, '203.0.113.30')).status).toBe(200);
    });
  });
});
