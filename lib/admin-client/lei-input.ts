/**
 * An amount typed in lei, as staff write it in any of the back-office's languages ("45", "45,5", "45.50"), in bani;
 * undefined for anything else. Spaces are ignored; a dot or a comma only ever separates the decimals: "1.234" would be
 * 1234 lei in Romanian and one leu and change in English, and a refund must never guess which.
 */
export function leiToBani(text: string): number | undefined {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.replace(/\s+/g, ''));
  if (!match) return undefined;
  const [, lei = '', decimals = ''] = match;
  // Whole digits only, never a float: 0.1 + 0.2 is no amount of money.
  return Number(lei) * 100 + Number(decimals.padEnd(2, '0'));
}
