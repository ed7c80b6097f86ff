import { plateCheckSchema } from '@/lib/validations/plate-check';
import { vignetteItemSchema } from '@/lib/validations/vignette-order';

/* The check by plate reads a plate exactly as the order does: the same normalization, the same refusals. */
const issues = (input: Record<string, unknown>) => {
  const result = plateCheckSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('plateCheckSchema', () => {
  it('normalizes the plate and the country as the order form does', () => {
    expect(plateCheckSchema.parse({ plate: ' hd 12-abc ', country: 'ro' })).toEqual({
      plate: 'HD12ABC',
      country: 'RO',
    });
    expect(plateCheckSchema.parse({ plate: 'abc-123', country: 'HU' })).toEqual({
      plate: 'ABC123',
      country: 'HU',
    });
  });

  it('refuses what the order refuses, with the same message keys and values', () => {
    for (const plate of ['', 'B12OXYZ', 'XX12ABC', 'B123QXY', 'HD12ÄBC']) {
      const order = vignetteItemSchema.safeParse({ categoryCode: 'CAR', type: 'YEAR', plate, country: 'RO' });
      const check = plateCheckSchema.safeParse({ plate, country: 'RO' });
      expect(check.success).toBe(false);
      expect(check.error!.issues).toEqual(order.error!.issues.filter((issue) => issue.path[0] === 'plate'));
    }
  });

  it('names a missing plate, an unknown country and a plate too long', () => {
    expect(issues({ country: 'RO' })).toEqual(['plate:plateRequired']);
    expect(issues({ plate: 'B123XYZ', country: 'XX' })).toEqual(['country:countryUnknown']);
    expect(issues({ plate: 'B123XYZ' })).toEqual(['country:countryRequired']);
    expect(issues({ plate: 'A'.repeat(25), country: 'DE' })).toContain('plate:plateFormat');
  });
});
