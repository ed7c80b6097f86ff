import { randomInt } from 'node:crypto';

/*
 * An order's short reference, `RP-7K3-9QX`: what a buyer reads out on the phone, beside the 22-character id that is
 * the key to the order's page. Five random characters and a check character, from an alphabet without the letters
 * and digits that are read or heard alike (0/O, 1/I/L). The migration 0018 generates the same references in SQL
 * for the orders it backfills and for orders a previous release inserts without one: the two must agree
 * (tests/integration/orders/order-reference.test.ts).
 */

/** 31 characters: the digits 2-9 and the letters without I, L and O. 31 is prime, which the check needs. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const BASE = REFERENCE_ALPHABET.length;
const RANDOM_LENGTH = 5;
const PREFIX = 'RP';

/**
 * The check character of five: with weights 1 to 6 over the six characters, the weighted sum of the values is 0
 * modulo 31. As 31 is prime and every weight and every difference of weights is below it, any one character typed
 * wrong and any two characters swapped change the sum, so the reference no longer checks.
 */
export function checkCharacter(body: string): string {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    sum += (index + 1) * valueOf(body[index]!);
  }
  // value × 6 ≡ -sum (mod 31); the inverse of 6 modulo 31 is 26 (6 × 26 = 156 = 5 × 31 + 1).
  const value = (((-sum * 26) % BASE) + BASE) % BASE;
  return REFERENCE_ALPHABET[value]!;
}

function valueOf(character: string): number {
  const value = REFERENCE_ALPHABET.indexOf(character);
  if (value < 0) throw new RangeError(`not a reference character: ${character}`);
  return value;
}

/** `RP-` and the six characters in two groups of three. */
const format = (characters: string) => `${PREFIX}-${characters.slice(0, 3)}-${characters.slice(3)}`;

/** A new reference, at random; unique only by the database's index (an insert that collides draws another). */
export function newOrderReference(random: (max: number) => number = randomInt): string {
  let body = '';
  for (let index = 0; index < RANDOM_LENGTH; index++) body += REFERENCE_ALPHABET[random(BASE)]!;
  return format(body + checkCharacter(body));
}

export type ParsedReference =
  | { ok: true; reference: string }
  /** `shape`: not six characters of the alphabet (with or without `RP`); `check`: one of them is wrong. */
  | { ok: false; problem: 'shape' | 'check' };

/**
 * A reference as somebody typed it: any case, with or without the dashes, spaces or the `RP` prefix. The letters
 * never used (O, I, L) are taken for the digits they look like only to say that the text is not a reference.
 */
export function parseOrderReference(typed: string): ParsedReference {
  let characters = typed.toUpperCase().replace(/[\s\-_.]/g, '');
  if (characters.length === RANDOM_LENGTH + 1 + PREFIX.length && characters.startsWith(PREFIX)) {
    characters = characters.slice(PREFIX.length);
  }
  if (characters.length !== RANDOM_LENGTH + 1) return { ok: false, problem: 'shape' };
  if (![...characters].every((character) => REFERENCE_ALPHABET.includes(character))) {
    return { ok: false, problem: 'shape' };
  }
  const body = characters.slice(0, RANDOM_LENGTH);
  if (checkCharacter(body) !== characters[RANDOM_LENGTH]) return { ok: false, problem: 'check' };
  return { ok: true, reference: format(characters) };
}

/** Whether a text is a reference in the stored form, `RP-XXX-XXX`, that checks. */
export const isOrderReference = (text: string): boolean => {
  const parsed = parseOrderReference(text);
  return parsed.ok && parsed.reference === text;
};
