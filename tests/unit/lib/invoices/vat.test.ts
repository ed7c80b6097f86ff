import fc from 'fast-check';
import {
  lineGrossBani,
  TOP_UP_VAT_RATE_PERCENT,
  vatIncluded,
  vatOfKind,
  vatRuleOf,
  VIGNETTE_VAT_NOTE,
} from '@/lib/invoices/vat';

describe('vatIncluded', () => {
  it('is the VAT a gross price includes, rounded half away from zero', () => {
    expect(vatIncluded(6200, TOP_UP_VAT_RATE_PERCENT)).toBe(1076);
    expect(vatIncluded(121, 21)).toBe(21);
    // 3 * 20 / 120 = 0.5: half a ban rounds away from zero, on either side.
    expect(vatIncluded(3, 20)).toBe(1);
    expect(vatIncluded(-3, 20)).toBe(-1);
    expect(vatIncluded(12345, 0)).toBe(0);
  });

  it('never leaves more than half a ban between the VAT and its exact value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (gross, rate) => {
          expect(Math.abs(vatIncluded(gross, rate) - (gross * rate) / (100 + rate))).toBeLessThanOrEqual(0.5);
        },
      ),
      { seed: 4242, numRuns: 500 },
    );
  });
});

describe('lineGrossBani', () => {
  it('multiplies whole bani by a whole quantity, and refuses anything else', () => {
    expect(lineGrossBani({ quantity: 3, unitPriceBani: 1999, vatRatePercent: 21 })).toBe(5997);
    expect(() => lineGrossBani({ quantity: 1, unitPriceBani: 0.5, vatRatePercent: 21 })).toThrow(RangeError);
    expect(() =>
      lineGrossBani({ quantity: 2, unitPriceBani: Number.MAX_SAFE_INTEGER, vatRatePercent: 0 }),
    ).toThrow(RangeError);
  });
});

describe('vatRuleOf', () => {
  it('puts a top-up at the standard rate and a vignette outside the VAT base, with the note that says why', () => {
    expect(vatRuleOf('TOPUP')).toEqual({ vatRatePercent: TOP_UP_VAT_RATE_PERCENT });
    expect(vatRuleOf('TOPUP')).not.toHaveProperty('vatNote');
    expect(vatRuleOf('VIGNETTE')).toEqual({ vatRatePercent: 0, vatNote: VIGNETTE_VAT_NOTE });
  });

  it("gives the VAT a document's amount includes by that rule", () => {
    expect(vatOfKind('TOPUP', 6200)).toBe(1076);
    expect(vatOfKind('VIGNETTE', 6200)).toBe(0);
  });
});
