/**
 * The Romanian CUI/CIF (cod unic de înregistrare / cod de identificare fiscală): 2 to 10 digits, the last a control
 * digit, written with `RO` in front when the company is registered for VAT (`RO14399840`). The control digit is
 * the one ANAF computes (the "cheie de testare" 753217532): the other digits, padded on the left to nine, weighted by
 * 7 5 3 2 1 7 5 3 2, summed, times 10, modulo 11, with 10 counting as 0. A typo in a CUI thus fails here rather than
 * in ANAF's answer to the invoice's e-Factura upload.
 */

const WEIGHTS = [7, 5, 3, 2, 1, 7, 5, 3, 2] as const;

/** The shape a buyer types: an optional `RO`, then 2 to 10 digits, spaces anywhere ignored. */
const CUI_SHAPE = /^(RO)?(\d{2,10})$/;

/**
 * The CUI as it is stored and printed: no spaces, uppercase, the `RO` prefix kept when it was given (it says the
 * company is a VAT payer, which an invoice must show as the buyer wrote it). `' ro 14 399 840'` → `'RO14399840'`.
 */
export function normalizeCui(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The control digit of a CUI's leading digits (at most nine), as computed by ANAF. */
export function cuiControlDigit(body: string): number {
  const padded = body.padStart(WEIGHTS.length, '0');
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(padded[index]), 0);
  return ((sum * 10) % 11) % 10;
}

/** Whether the text has a CUI's shape (optional `RO`, 2 to 10 digits), whatever its control digit. */
export function hasCuiShape(value: string): boolean {
  return CUI_SHAPE.test(normalizeCui(value));
}

/** Whether the text is a CUI whose last digit is the control digit of the others (`RO` prefix and spaces allowed). */
export function isValidCui(value: string): boolean {
  const digits = CUI_SHAPE.exec(normalizeCui(value))?.[2];
  if (!digits) return false;
  return cuiControlDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}
