import fs from 'node:fs';
import ro from '@/messages/ro.json';
import { PLATE_VALIDATION_KEYS } from '@/lib/i18n/client-texts';
import { plateCheckSchema } from '@/lib/validations/plate-check';

jest.mock('server-only', () => ({}));

const kept = new Set<string>(PLATE_VALIDATION_KEYS);

describe("the plate check page's validation texts", () => {
  it('hold every refusal of a plate the form explains as it is typed', () => {
    const source = fs.readFileSync('lib/vignettes/plate-refusal.ts', 'utf8');
    const named = [...source.matchAll(/'([a-zA-Z]+)'/g)]
      .map((match) => match[1]!)
      .filter((key) => key in ro.Validation);
    expect(named.length).toBeGreaterThan(5);
    for (const key of named) expect(kept).toContain(key);
  });

  it.each([
    { plate: '', country: 'RO' },
    { plate: 'B 123 ABC'.repeat(4), country: 'RO' },
    { plate: 'B123ABC', country: '' },
    { plate: 'B123ABC', country: 'XX' },
    { plate: 'B12\u0000', country: 'RO' },
    { plate: 'ZZ12ABC', country: 'RO' },
    { plate: 'B1O1ABC', country: 'RO' },
    { plate: 'ABC-1234', country: 'HU' },
  ])('hold the refusal of the query %o', (query) => {
    const result = plateCheckSchema.safeParse(query);
    expect(result.success).toBe(false);
    for (const issue of result.error!.issues) expect(kept).toContain(issue.message);
  });
});
