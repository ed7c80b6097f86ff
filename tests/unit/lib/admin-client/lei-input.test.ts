import { leiToBani } from '@/lib/admin-client/lei-input';

describe('leiToBani', () => {
  it.each([
    ['45', 4500],
    ['45,5', 4550],
    ['45,05', 4505],
    ['45.50', 4550],
    [' 0,01 ', 1],
    ['1 234,50', 123450],
    ['0', 0],
  ])('reads %p as %p bani', (text, bani) => {
    expect(leiToBani(text)).toBe(bani);
  });

  it.each(['', ',50', '45,', '45,505', '1.234,50', '-5', '4e3', '45 lei', 'abc'])(
    'refuses %p rather than guess',
    (text) => {
      expect(leiToBani(text)).toBeUndefined();
    },
  );
});
