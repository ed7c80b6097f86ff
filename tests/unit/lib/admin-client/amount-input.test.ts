import { majorUnitsText, minorUnitsOf, wholeNumberOf } from '@/lib/admin-client/amount-input';

describe('the catalog screen’s number fields', () => {
  it('read forints as whole numbers only', () => {
    expect(wholeNumberOf('6900')).toBe(6900);
    expect(wholeNumberOf(' 61760 ')).toBe(61760);
    for (const text of ['', '6900.5', '-5', '1e3', '6 900', 'abc']) expect(wholeNumberOf(text)).toBeNull();
  });

  it('read lei and euro with at most two decimals as bani and cents, without floating-point slips', () => {
    expect(minorUnitsOf('62')).toBe(6200);
    expect(minorUnitsOf('62.5')).toBe(6250);
    expect(minorUnitsOf('0.29')).toBe(29);
    expect(minorUnitsOf('92.55')).toBe(9255);
    for (const text of ['', '62.555', '-1', '62,5', '1e2', '.5']) expect(minorUnitsOf(text)).toBeNull();
  });

  it('show bani and cents as a number field reads them back', () => {
    expect(majorUnitsText(6250)).toBe('62.5');
    expect(majorUnitsText(6200)).toBe('62');
    expect(minorUnitsOf(majorUnitsText(9255))).toBe(9255);
  });
});
