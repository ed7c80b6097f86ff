/**
 * The operators and products the shop starts with (docs/domain.md, Top-ups). Operators price prepaid credit in EUR
 * without VAT; the price in lei includes the 21 % VAT, at about 5.09 lei per euro, rounded up to a round sum. Staff
 * change prices in the back-office; the seed never overwrites a row that exists.
 */
export const TOP_UP_OPERATORS = [
  { id: 'orange', name: 'Orange', plan: 'PrePay' },
  { id: 'vodafone', name: 'Vodafone', plan: 'Cartela' },
  { id: 'digi', name: 'Digi', plan: 'PrePay' },
] as const;

export type TopUpOperatorId = (typeof TOP_UP_OPERATORS)[number]['id'];

/** Telekom Romania's prepaid customers moved to Digi (2025-2026): a visitor looking for Telekom is sent there. */
export const FORMER_OPERATORS = { telekom: { name: 'Telekom', movedTo: 'digi' } } as const;

type Delivery = 'DIRECT' | 'PIN';

/**
 * A product's id, readable in logs and exports: the operator, `pin-` for a PIN, and the face value in EUR
 * (`orange-10`, `vodafone-pin-5`, `digi-7.5`). Products staff add get theirs the same way.
 */
export const topUpProductId = (operatorId: string, faceValueCents: number, delivery: Delivery) =>
  `${operatorId}-${delivery === 'PIN' ? 'pin-' : ''}${faceValueCents / 100}`;

const product = (
  operatorId: TopUpOperatorId,
  faceValueEur: number,
  priceLei: number,
  delivery: Delivery = 'DIRECT',
) => ({
  id: topUpProductId(operatorId, faceValueEur * 100, delivery),
  operatorId,
  faceValueCents: faceValueEur * 100,
  priceBani: priceLei * 100,
  delivery,
});

export const TOP_UP_PRODUCTS = [
  product('orange', 5, 31),
  product('orange', 6, 37),
  product('orange', 8, 49.5),
  product('orange', 10, 62),
  product('orange', 15, 92.5),
  product('orange', 20, 123.5),
  product('vodafone', 5, 31),
  product('vodafone', 7, 43.5),
  product('vodafone', 10, 62),
  product('vodafone', 15, 92.5),
  product('vodafone', 5, 31, 'PIN'),
  product('vodafone', 10, 62, 'PIN'),
  product('digi', 5, 31),
  product('digi', 6, 37),
  product('digi', 10, 62),
  product('digi', 15, 92.5),
  product('digi', 6, 37, 'PIN'),
];
