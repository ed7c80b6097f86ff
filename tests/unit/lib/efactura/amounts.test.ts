import { documentAmounts, ublAmount, unitPrice } from '@/lib/efactura/amounts';
import { invoiceTotals } from '@/lib/invoices/vat';
import type { VatLine } from '@/lib/db/document-snapshots';

const line = (unitPriceBani: number, vatRatePercent = 21, quantity = 1): VatLine => ({
  quantity,
  unitPriceBani,
  vatRatePercent,
});

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('documentAmounts', () => {
  it('states the PDF’s taxable base, VAT and total per rate (vat.ts)', () => {
    const lines = [line(6200), line(1000), line(12345, 0)];
    const amounts = documentAmounts(lines);
    const pdf = invoiceTotals(lines);
    expect(amounts.byRate).toEqual(
      pdf.byRate.map((r) => ({ ratePercent: r.ratePercent, taxableBani: r.netBani, vatBani: r.vatBani })),
    );
    expect([amounts.netBani, amounts.vatBani, amounts.grossBani]).toEqual([
      pdf.netBani,
      pdf.vatBani,
      pdf.grossBani,
    ]);
  });

  it('makes the lines of a rate add up to its taxable base exactly (BR-CO-10, BR-S-08)', () => {
    // Three lines of 10,00 lei at 21 %: 1,74 VAT included each, but 5,21 on 30,00 lei: the rate's VAT is one ban
    // less than the lines', so one line's net takes the ban.
    const lines = [line(1000), line(1000), line(1000)];
    const amounts = documentAmounts(lines);
    expect(amounts.byRate).toEqual([{ ratePercent: 21, taxableBani: 2479, vatBani: 521 }]);
    expect(amounts.lines.map((l) => l.netBani).sort()).toEqual([826, 826, 827]);
    expect(sum(amounts.lines.map((l) => l.netBani))).toBe(amounts.netBani);
  });

  it('keeps every category’s VAT within the validator’s rounding of taxable × rate (BR-CO-17)', () => {
    for (let gross = 1; gross <= 20_000; gross += 7) {
      const { byRate } = documentAmounts([line(gross)]);
      const [rate] = byRate;
      expect(Math.abs(rate!.vatBani - Math.round((rate!.taxableBani * 21) / 100))).toBeLessThanOrEqual(1);
      expect(rate!.taxableBani + rate!.vatBani).toBe(gross);
    }
  });

  it('adds the totals the way EN 16931 does (BR-CO-13..16): net + VAT = total with VAT', () => {
    const amounts = documentAmounts([line(999), line(1), line(50000, 0), line(333, 21, 3)]);
    expect(amounts.grossBani).toBe(amounts.netBani + amounts.vatBani);
    expect(amounts.vatBani).toBe(sum(amounts.byRate.map((r) => r.vatBani)));
    expect(amounts.netBani).toBe(sum(amounts.byRate.map((r) => r.taxableBani)));
    expect(amounts.grossBani).toBe(999 + 1 + 50000 + 999);
  });

  it('leaves lines outside the VAT base at their price, with no VAT', () => {
    const amounts = documentAmounts([line(10000, 0), line(2345, 0)]);
    expect(amounts.lines.map((l) => l.netBani)).toEqual([10000, 2345]);
    expect(amounts.byRate).toEqual([{ ratePercent: 0, taxableBani: 12345, vatBani: 0 }]);
  });
});

describe('ublAmount', () => {
  it('writes bani with two decimals and a point, signs kept', () => {
    expect(ublAmount(123456)).toBe('1234.56');
    expect(ublAmount(5)).toBe('0.05');
    expect(ublAmount(0)).toBe('0.00');
    expect(ublAmount(-5)).toBe('-0.05');
    expect(ublAmount(-1200)).toBe('-12.00');
  });

  it('refuses fractions of a ban', () => {
    expect(() => ublAmount(1.5)).toThrow(RangeError);
  });
});

describe('unitPrice', () => {
  it('is the net amount per piece, so that quantity × price = the line’s net amount', () => {
    expect(unitPrice({ quantity: 1, netBani: 5124 })).toEqual({ price: '51.24' });
    expect(unitPrice({ quantity: 2, netBani: 1000 })).toEqual({ price: '5.00' });
  });

  it('prices the whole quantity when a piece’s price would need a fraction of a ban', () => {
    expect(unitPrice({ quantity: 3, netBani: 1000 })).toEqual({ price: '10.00', baseQuantity: 3 });
  });
});
