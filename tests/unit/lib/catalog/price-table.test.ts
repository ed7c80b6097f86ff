import { currentBudapestYear, hufToWholeRon } from '@/lib/catalog/price-table';

describe('the FAQ price table rules', () => {
  it('converts forints to whole lei (docs/domain.md, Money: HUF / RON2HUF, no decimals)', () => {
    expect(hufToWholeRon(6900, 76.87)).toBe(90);
    expect(hufToWholeRon(61760, 76.87)).toBe(803);
    expect(hufToWholeRon(2770, 79.12)).toBe(35);
  });

  it("takes the year in Budapest, not on the server's clock", () => {
    // 23:30 UTC on 31 December is already 1 January in Budapest.
    expect(currentBudapestYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(currentBudapestYear(new Date('2026-12-31T22:30:00Z'))).toBe(2026);
  });
});
