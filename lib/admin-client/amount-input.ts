/**
 * What staff type in the catalog's number fields, read as the API's integers. A number input's value is always written
 * with a point, whatever the language (`62.5`), or is empty when the browser could not read what was typed.
 */

/** `6900` → 6900; null for anything but a whole number (`6900.5`, `-5`, `1e3`, empty). */
export function wholeNumberOf(value: string): number | null {
  const text = value.trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** Lei or euro as typed (`62`, `62.5`, `62.50`) in bani or cents (6250); null beyond two decimals or when not a number. */
export function minorUnitsOf(value: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Bani or cents as a number input shows them: 6250 → `62.5`, 6200 → `62`. */
export const majorUnitsText = (minor: number) => String(minor / 100);
