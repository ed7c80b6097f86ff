import { normalizePlate } from './plate';

/**
 * Corrections of a vignette's plate or country (docs/domain.md, Corrections). Before the vignette is issued, staff may
 * change both freely (the new values pass the same checks as an order's). Once it is issued, the issuer's rules
 * apply, as the official Hungarian e-vignette terms state them: at most 3 characters of the plate may change, within
 * 60 days of the purchase. A changed country counts as one changed character (decision: the terms speak of the
 * registration number's characters, and the country sign is read with it on the road).
 *
 * Framework-free: the server's correction, the sandbox issuer and the back-office's form share it.
 */
export const MAX_CORRECTED_CHARACTERS = 3;
export const CORRECTION_WINDOW_DAYS = 60;

export type CorrectionRefusal = 'nothingChanged' | 'correctionTooLarge' | 'correctionTooLate';

/** The fewest single-character insertions, deletions and substitutions that turn `a` into `b` (Levenshtein). */
export function characterChanges(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

export interface PlateAndCountry {
  plate: string;
  country: string;
}

/** Why a correction may not be made, or null when it may. Plates are compared normalized ('b 12 abc' = 'B12ABC'). */
export function checkCorrection(input: {
  from: PlateAndCountry;
  to: PlateAndCountry;
  issued: boolean;
  purchasedAt: Date;
  now: Date;
}): CorrectionRefusal | null {
  const fromPlate = normalizePlate(input.from.plate);
  const toPlate = normalizePlate(input.to.plate);
  const countryChanged = input.from.country.toUpperCase() !== input.to.country.toUpperCase();
  const changes = characterChanges(fromPlate, toPlate) + (countryChanged ? 1 : 0);
  if (changes === 0) return 'nothingChanged';
  if (!input.issued) return null;
  if (changes > MAX_CORRECTED_CHARACTERS) return 'correctionTooLarge';
  const windowMs = CORRECTION_WINDOW_DAYS * 24 * 3600_000;
  if (input.now.getTime() - input.purchasedAt.getTime() > windowMs) return 'correctionTooLate';
  return null;
}
