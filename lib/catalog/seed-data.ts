/** The vignette categories of DESIGN.md §4, in the order the API and the price table list them. */
export const VIGNETTE_CATEGORIES = [
  { code: 'CAR', title: 'D1', sellable: true, notSoldReason: null },
  { code: 'VAN', title: 'D2', sellable: true, notSoldReason: null },
  {
    code: 'BUS',
    title: 'B2',
    sellable: false,
    notSoldReason: 'HU_GO', // buses pay the HU-GO distance toll since 2024-02-01
  },
  { code: 'MOTOR', title: 'D1M', sellable: true, notSoldReason: null },
  { code: 'TRAIL', title: 'U', sellable: true, notSoldReason: null },
] as const;

type PricedType = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR' | 'COUNTY_YEAR';

const CAR_PRICES_2026 = { DAY: 5550, WEEK: 6900, MONTH: 11170, YEAR: 61760, COUNTY_YEAR: 7190 };

/** Official gross prices for 2026 in forints. B2 has none: it is no longer sold. */
export const VIGNETTE_PRICES: Record<number, Record<string, Record<PricedType, number>>> = {
  2026: {
    MOTOR: { DAY: 2770, WEEK: 3450, MONTH: 5590, YEAR: 61760, COUNTY_YEAR: 7190 },
    CAR: CAR_PRICES_2026,
    TRAIL: CAR_PRICES_2026,
    VAN: { DAY: 7890, WEEK: 10040, MONTH: 15820, YEAR: 87650, COUNTY_YEAR: 14370 },
  },
};

/** The rate the shop starts with until an admin or the BNR feed records a newer one. */
export const SEED_EXCHANGE_RATE = { rateDate: '2026-11-20', ron2huf: '76.870000', source: 'SEED' } as const;
