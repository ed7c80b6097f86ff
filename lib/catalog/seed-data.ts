import type { VignetteType } from '@/lib/vignettes/periods';

const CAR_PRICES_2026 = { DAY: 5550, WEEK: 6900, MONTH: 11170, YEAR: 61760, COUNTY_YEAR: 7190 };

/** Official gross prices for 2026 in forints. B2 has none: it is no longer sold. */
export const VIGNETTE_PRICES: Record<number, Record<string, Record<VignetteType, number>>> = {
  2026: {
    MOTOR: { DAY: 2770, WEEK: 3450, MONTH: 5590, YEAR: 61760, COUNTY_YEAR: 7190 },
    CAR: CAR_PRICES_2026,
    TRAIL: CAR_PRICES_2026,
    VAN: { DAY: 7890, WEEK: 10040, MONTH: 15820, YEAR: 87650, COUNTY_YEAR: 14370 },
  },
};

/** The rate the shop starts with until an admin or the BNR feed records a newer one. */
export const SEED_EXCHANGE_RATE = { rateDate: '2026-11-20', ron2huf: '76.870000', source: 'SEED' } as const;

/**
 * The categories' descriptions in Romanian, as the static asset `/assets/vignette-categories.json` carries them
 * (`desc`).
 */
export const CATEGORY_DESCRIPTIONS_RO: Record<string, string> = {
  CAR: 'Autoturisme de cel mult 3,5 t și cu cel mult 7 locuri inclusiv șoferul, precum și remorcile acestora.',
  VAN: 'Vehicule de cel mult 3,5 t care nu intră în categoria D1: vehicule pentru mai mult de 7 persoane, inclusiv șoferul, autoutilitare, camionete și autorulote.',
  BUS: 'Autobuze cu mai mult de 9 locuri: din 1 februarie 2024 plătesc taxa de drum HU-GO, în funcție de distanță.',
  MOTOR: 'Motociclete.',
  TRAIL:
    'Remorcile vehiculelor D2 (și ale fostei categorii B2), cumpărate pe numărul de înmatriculare al remorcii.',
};
