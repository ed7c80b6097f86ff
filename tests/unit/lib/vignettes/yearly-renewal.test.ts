import { hasPrices, nextYearOffer, yearlyRenewal } from '@/lib/vignettes/yearly-renewal';

describe('yearlyRenewal', () => {
  it('says nothing before November', () => {
    expect(yearlyRenewal(new Date('2026-10-31T12:00:00Z'))).toBeUndefined();
  });

  it('from November in Budapest: valid until 31 January, next year’s on sale from 1 December', () => {
    // 23:30 UTC on 31 October is already 1 November in Budapest.
    expect(yearlyRenewal(new Date('2026-10-31T23:30:00Z'))).toEqual({
      year: 2026,
      validUntil: '2027-01-31',
      nextYear: 2027,
      onSaleFrom: '2026-12-01',
      onSaleNow: false,
    });
  });

  it('in December: next year’s is on sale already', () => {
    expect(yearlyRenewal(new Date('2026-12-02T09:00:00Z'))).toMatchObject({ year: 2026, onSaleNow: true });
  });
});

describe('nextYearOffer', () => {
  const november = yearlyRenewal(new Date('2026-11-20T09:00:00Z'))!;
  const december = yearlyRenewal(new Date('2026-12-20T09:00:00Z'))!;

  it('names the price staff set for next year before it is on sale', () => {
    expect(nextYearOffer(november, { tableHuf: 63500 })).toEqual({ text: 'nextSoon', priceHuf: 63500 });
  });

  it('says the price is not published when staff have not set it', () => {
    expect(nextYearOffer(november, {})).toEqual({ text: 'nextSoonNoPrice' });
  });

  it('in December, offers next year’s at the catalog’s price', () => {
    expect(nextYearOffer(december, { catalogHuf: 63500, tableHuf: 1 })).toEqual({
      text: 'nextNow',
      priceHuf: 63500,
    });
  });
});

describe('hasPrices', () => {
  it('shows a year’s table only once staff have set a price in it', () => {
    expect(hasPrices([{ pricesHuf: {} }, { pricesHuf: {} }])).toBe(false);
    expect(hasPrices([{ pricesHuf: {} }, { pricesHuf: { YEAR: 63500 } }])).toBe(true);
  });
});
