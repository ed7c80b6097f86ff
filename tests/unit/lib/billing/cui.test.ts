import { cuiControlDigit, hasCuiShape, isValidCui, normalizeCui } from '@/lib/billing/cui';

// Real companies' CUIs, as the trade register and ANAF publish them.
const VALID = [
  '1590082', // OMV Petrom
  '361579', // BRD - Groupe Société Générale
  '5022670', // Banca Transilvania
  '14399840', // Dante International (eMAG)
  '18547290',
  '13548146',
  '4221306',
  '16054368',
];

describe('the CUI control digit', () => {
  it.each(VALID)('accepts the real CUI %s, with or without RO, with spaces', (cui) => {
    expect(isValidCui(cui)).toBe(true);
    expect(isValidCui(`RO${cui}`)).toBe(true);
    expect(isValidCui(` ro ${cui.slice(0, 3)} ${cui.slice(3)} `)).toBe(true);
  });

  it.each(VALID)('refuses %s with any other last digit', (cui) => {
    const body = cui.slice(0, -1);
    for (let digit = 0; digit <= 9; digit += 1)
      if (`${digit}` !== cui.slice(-1)) expect(isValidCui(`${body}${digit}`)).toBe(false);
  });

  it('refuses a typo of two swapped digits and a missing digit', () => {
    expect(isValidCui('14398940')).toBe(false);
    expect(isValidCui('1439840')).toBe(false);
  });

  it('counts a remainder of 10 as the digit 0', () => {
    // 7·1 + 5·2 + 3·3 + 2·4 + 1·5 + 7·6 + 5·7 + 3·8 + 2·9 = 158; 1580 mod 11 = 7.
    expect(cuiControlDigit('123456789')).toBe(7);
    // 6 padded to 000000006: 2·6 = 12; 120 mod 11 = 10, which counts as 0.
    expect(cuiControlDigit('6')).toBe(0);
    expect(isValidCui('60')).toBe(true);
    expect(isValidCui('61')).toBe(false);
  });

  it('refuses what is not 2 to 10 digits after an optional RO', () => {
    for (const value of ['', '1', '12345678901', 'RO', 'DE14399840', '1439984O', '14399840RO', 'RO-14399840'])
      expect(isValidCui(value)).toBe(false);
    expect(hasCuiShape('RO 14399841')).toBe(true);
    expect(hasCuiShape('DE14399840')).toBe(false);
  });

  it('normalises to uppercase without spaces, keeping the RO that says the company pays VAT', () => {
    expect(normalizeCui(' ro 14 399 840 ')).toBe('RO14399840');
    expect(normalizeCui('14399840')).toBe('14399840');
  });
});
