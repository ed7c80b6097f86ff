import type { VatLine } from '@/lib/db/document-snapshots';
/**
 * The VAT arithmetic of the shop's invoices, in integer bani only: prices are gross (VAT included), and the VAT
 * they include is worked out per rate.
 */

/** Prepaid credit is a telecommunication service sold by us: the standard VAT rate, included in the price. */
export const TOP_UP_VAT_RATE_PERCENT = 21;

/** Vignettes are collected in the name and on behalf of the Hungarian issuer: outside the VAT base (Cod fiscal art. 286 (4) e), the amounts paid in the name and on behalf of another). */
export const VIGNETTE_VAT_NOTE =
  'Sumă încasată în numele și în contul emitentului maghiar al vinietei (Nemzeti Mobilfizetési Zrt.), neinclusă în baza de impozitare a TVA conform art. 286 alin. (4) lit. e) din Codul fiscal.';

/** What a document sells: an order is all vignettes or one top-up, invoiced each in its own series. */
export type DocumentKind = 'VIGNETTE' | 'TOPUP';

/**
 * The VAT rule, the one place it is written: a line of a top-up carries the standard rate, included in its price; a
 * line of a vignette none, with the note that says why ({@link VIGNETTE_VAT_NOTE}).
 */
export const vatRuleOf = (kind: DocumentKind): { vatRatePercent: number; vatNote?: string } =>
  kind === 'TOPUP'
    ? { vatRatePercent: TOP_UP_VAT_RATE_PERCENT }
    : { vatRatePercent: 0, vatNote: VIGNETTE_VAT_NOTE };

/** The VAT included in `grossBani` of what a document of `kind` sells, by {@link vatRuleOf}. */
export const vatOfKind = (kind: DocumentKind, grossBani: number): number =>
  vatIncluded(grossBani, vatRuleOf(kind).vatRatePercent);

export interface InvoiceTotals {
  netBani: number;
  vatBani: number;
  grossBani: number;
  byRate: { ratePercent: number; netBani: number; vatBani: number }[];
}

/** Money is counted in whole bani: a fraction means a mistake upstream, not a value to round. */
export function assertInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be an integer, got ${value}`);
}

export function lineGrossBani(line: VatLine): number {
  assertInteger(line.quantity, 'quantity');
  assertInteger(line.unitPriceBani, 'unitPriceBani');
  const gross = line.quantity * line.unitPriceBani;
  assertInteger(gross, 'line amount');
  return gross;
}

/** round(gross * rate / (100 + rate)), half away from zero, in integers only. */
export function vatIncluded(grossBani: number, ratePercent: number): number {
  const numerator = Math.abs(grossBani) * ratePercent;
  const denominator = 100 + ratePercent;
  const rounded = Math.floor((2 * numerator + denominator) / (2 * denominator));
  return grossBani < 0 ? -rounded : rounded;
}

/**
 * Totals of lines whose unit prices are gross (VAT included). VAT is computed once per rate on the summed gross
 * amount, as the per-rate summary shows it, so the summary, the totals and the lines always add up.
 */
export function invoiceTotals(lines: readonly VatLine[]): InvoiceTotals {
  const grossByRate = new Map<number, number>();
  for (const line of lines) {
    const rate = line.vatRatePercent;
    if (!Number.isInteger(rate) || rate < 0 || rate > 100)
      throw new RangeError(`VAT rate must be 0-100, got ${rate}`);
    grossByRate.set(rate, (grossByRate.get(rate) ?? 0) + lineGrossBani(line));
  }
  const byRate = [...grossByRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([ratePercent, gross]) => {
      const vatBani = vatIncluded(gross, ratePercent);
      return { ratePercent, netBani: gross - vatBani, vatBani };
    });
  const netBani = byRate.reduce((sum, r) => sum + r.netBani, 0);
  const vatBani = byRate.reduce((sum, r) => sum + r.vatBani, 0);
  return { netBani, vatBani, grossBani: netBani + vatBani, byRate };
}
