import {
  checkCharacter,
  isOrderReference,
  newOrderReference,
  parseOrderReference,
  REFERENCE_ALPHABET,
} from '@/lib/orders/order-reference';

/** The six characters of a reference, without `RP` and the dashes. */
const charactersOf = (reference: string) => reference.replace(/^RP-/, '').replace('-', '');
const valueSum = (characters: string) =>
  [...characters].reduce(
    (sum, character, index) => sum + (index + 1) * REFERENCE_ALPHABET.indexOf(character),
    0,
  );

describe("an order's short reference", () => {
  it('is RP and six characters in two groups, from an alphabet without 0, O, 1, I and L', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(31);
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    for (let draw = 0; draw < 200; draw++) {
      const reference = newOrderReference();
      expect(reference).toMatch(/^RP-[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/);
      expect(isOrderReference(reference)).toBe(true);
    }
  });

  it('draws each of its five random characters from the whole alphabet', () => {
    const seen = new Set<string>();
    for (let value = 0; value < 31; value++) {
      const reference = newOrderReference(() => value);
      seen.add(reference[3]!);
      expect(charactersOf(reference).slice(0, 5)).toBe(REFERENCE_ALPHABET[value]!.repeat(5));
    }
    expect(seen.size).toBe(31);
  });

  it('ends with the check character that makes the weighted sum 0 modulo 31', () => {
    expect(checkCharacter('7K39Q')).toBe(charactersOf(parseReference('7K39Q')).slice(5));
    for (let draw = 0; draw < 500; draw++) {
      expect(valueSum(charactersOf(newOrderReference())) % 31).toBe(0);
    }
  });

  it('catches every single mistyped character and every two characters swapped', () => {
    const reference = charactersOf(newOrderReference(() => 7));
    for (const base of [reference, charactersOf(newOrderReference())]) {
      for (let position = 0; position < 6; position++) {
        for (const other of REFERENCE_ALPHABET) {
          if (other === base[position]) continue;
          const typed = base.slice(0, position) + other + base.slice(position + 1);
          expect(parseOrderReference(typed)).toEqual({ ok: false, problem: 'check' });
        }
        for (let second = position + 1; second < 6; second++) {
          if (base[position] === base[second]) continue;
          const swapped = [...base];
          [swapped[position], swapped[second]] = [swapped[second]!, swapped[position]!];
          expect(parseOrderReference(swapped.join(''))).toEqual({ ok: false, problem: 'check' });
        }
      }
    }
  });

  it('reads what a buyer or staff member types: any case, with or without RP, dashes or spaces', () => {
    const reference = newOrderReference();
    const characters = charactersOf(reference);
    for (const typed of [
      reference,
      reference.toLowerCase(),
      characters,
      characters.toLowerCase(),
      `RP${characters}`,
      `rp ${characters.slice(0, 3)} ${characters.slice(3)}`,
      ` ${characters.slice(0, 3)}-${characters.slice(3)} `,
    ]) {
      expect(parseOrderReference(typed)).toEqual({ ok: true, reference });
    }
  });

  it('refuses texts of another shape, and the letters it never uses', () => {
    for (const typed of [
      '',
      'RP-7K3',
      'RP-7K3-9QXX',
      'B123ABC',
      'ana@example.ro',
      'RP-0K3-9QX',
      'RP-IK3-9QX',
    ]) {
      expect(parseOrderReference(typed)).toEqual({ ok: false, problem: 'shape' });
    }
    expect(isOrderReference(charactersOf(newOrderReference()))).toBe(false);
  });
});

/** A reference made of five given characters, by way of the parser (which must accept its own check). */
function parseReference(body: string): string {
  const parsed = parseOrderReference(body + checkCharacter(body));
  if (!parsed.ok) throw new Error('a reference with its check character must parse');
  return parsed.reference;
}
