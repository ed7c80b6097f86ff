import { assertInteger, invoiceTotals, lineGrossBani, vatIncluded } from '@/lib/invoices/vat';
import type { VatLine } from '@/lib/db/document-snapshots';

// The amounts of a UBL document, in integer bani, worked out so that they are the PDF's (vat.ts) AND satisfy
// EN 16931's arithmetic. The shop's prices are gross (VAT included) and the PDF takes the VAT once per rate from
// the summed gross amount; EN 16931 counts from net line amounts up. Both hold at once when:
// - each line's net amount (BT-131) is its gross minus the VAT it includes, and the lines of a rate are then
//   evened out (the largest absorbs the bani of rounding) so that they add up to the PDF's taxable base of that rate
//   (BR-S-08 / BR-E-08: the category's taxable amount is the sum of its lines; BR-CO-10: the document's line total
//   is the sum of all lines, exactly);
// - each category's VAT (BT-117) is the PDF's VAT of that rate, which is within a ban of taxable amount x rate
//   (BR-CO-17 and BR-S-09 allow one currency unit), and the document's VAT (BT-110) is their sum (BR-CO-14);
// - the total with VAT (BT-112) is the net total plus the VAT (BR-CO-15), the buyer's gross, and what is due
//   (BT-115) is that total minus what was already paid (BR-CO-16): a paid order owes nothing.
// Prices stay what they are in law: the VAT included in the price the buyer paid, not a new rounding of it.

/** One line's amounts in bani; the net unit price may hold fractions of a ban (UBL prices are not amounts). */
export interface LineAmounts {
  quantity: number;
  grossBani: number;
  netBani: number;
  vatRatePercent: number;
}

export interface CategoryAmounts {
  ratePercent: number;
  taxableBani: number;
  vatBani: number;
}

export interface DocumentAmounts {
  lines: LineAmounts[];
  byRate: CategoryAmounts[];
  /** BT-106 = BT-109: no document-level allowances or charges. */
  netBani: number;
  /** BT-110. */
  vatBani: number;
  /** BT-112. */
  grossBani: number;
}

/**
 * The EN 16931 amounts of the lines, as the PDF states them: same taxable base and VAT per rate, same totals.
 * Signs are kept: a credit note's lines (negative quantities) give negative amounts.
 */
export function documentAmounts(lines: readonly VatLine[]): DocumentAmounts {
  const totals = invoiceTotals(lines);
  const amounts: LineAmounts[] = lines.map((line) => {
    const grossBani = lineGrossBani(line);
    return {
      quantity: line.quantity,
      grossBani,
      netBani: grossBani - vatIncluded(grossBani, line.vatRatePercent),
      vatRatePercent: line.vatRatePercent,
    };
  });
  for (const rate of totals.byRate) {
    const ofRate = amounts.filter((line) => line.vatRatePercent === rate.ratePercent);
    const difference = rate.netBani - ofRate.reduce((sum, line) => sum + line.netBani, 0);
    if (difference === 0) continue;
    // Per-line rounding can differ from the rate's by at most half a ban a line: the largest line takes it, where
    // it weighs least.
    const largest = ofRate.reduce((a, b) => (Math.abs(b.grossBani) > Math.abs(a.grossBani) ? b : a));
    largest.netBani += difference;
  }
  return {
    lines: amounts,
    byRate: totals.byRate.map(({ ratePercent, netBani, vatBani }) => ({
      ratePercent,
      taxableBani: netBani,
      vatBani,
    })),
    netBani: totals.netBani,
    vatBani: totals.vatBani,
    grossBani: totals.grossBani,
  };
}

/** Bani as a UBL amount: 123456 → "1234.56", -5 → "-0.05"; always two decimals (BR-DEC-*). */
export function ublAmount(bani: number): string {
  assertInteger(bani, 'amount');
  const sign = bani < 0 ? '-' : '';
  const abs = Math.abs(bani);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The net unit price (BT-146) of a line and its base quantity (BT-149), so that quantity x price / base = the line's
 * net amount exactly: the price in bani divided by the quantity when that is whole, else the line's amount for the
 * whole quantity as base (no decimal fraction that would need rounding). Prices are positive (BR-27).
 */
export function unitPrice(line: Pick<LineAmounts, 'quantity' | 'netBani'>): {
  price: string;
  baseQuantity?: number;
} {
  assertInteger(line.quantity, 'quantity');
  if (line.quantity === 0) throw new RangeError('a line has a quantity');
  const perUnit = line.netBani / line.quantity;
  if (Number.isInteger(perUnit)) return { price: ublAmount(Math.abs(perUnit)) };
  return { price: ublAmount(Math.abs(line.netBani)), baseQuantity: Math.abs(line.quantity) };
}
