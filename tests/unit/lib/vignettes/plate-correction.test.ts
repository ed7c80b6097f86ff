import { characterChanges, checkCorrection } from '@/lib/vignettes/plate-correction';

const purchasedAt = new Date('2026-10-01T10:00:00Z');
const daysLater = (days: number) => new Date(purchasedAt.getTime() + days * 86_400_000);
const ro = (plate: string) => ({ plate, country: 'RO' });

describe('characterChanges', () => {
  it.each([
    ['B123ABC', 'B123ABC', 0],
    ['B123ABC', 'B123ABD', 1],
    ['B123ABC', 'B23ABC', 1],
    ['B123ABC', 'B1234ABC', 1],
    ['B123ABC', 'CJ12XYZ', 6],
    ['', 'ABC', 3],
  ])('%s → %s is %i changes', (from, to, changes) => {
    expect(characterChanges(from, to)).toBe(changes);
  });
});

describe('checkCorrection', () => {
  it('lets anything change before the vignette is issued, even months later', () => {
    expect(
      checkCorrection({
        from: ro('FAIL123'),
        to: ro('CJ12XYZ'),
        issued: false,
        purchasedAt,
        now: daysLater(90),
      }),
    ).toBeNull();
  });

  it('refuses a correction that changes nothing, however the plate is written', () => {
    expect(
      checkCorrection({
        from: ro('B123ABC'),
        to: ro('b 123-abc'),
        issued: false,
        purchasedAt,
        now: daysLater(1),
      }),
    ).toBe('nothingChanged');
  });

  it('allows at most 3 changed characters on an issued vignette', () => {
    const check = (to: string) =>
      checkCorrection({ from: ro('B123ABC'), to: ro(to), issued: true, purchasedAt, now: daysLater(1) });
    expect(check('B123ABX')).toBeNull();
    expect(check('B123XYZ')).toBeNull();
    expect(check('B12WXYZ')).toBe('correctionTooLarge');
  });

  it('counts a changed country as one character', () => {
    expect(
      checkCorrection({
        from: ro('B123ABC'),
        to: { plate: 'B123XYZ', country: 'MD' },
        issued: true,
        purchasedAt,
        now: daysLater(1),
      }),
    ).toBe('correctionTooLarge');
    expect(
      checkCorrection({
        from: ro('B123ABC'),
        to: { plate: 'B123ABC', country: 'MD' },
        issued: true,
        purchasedAt,
        now: daysLater(1),
      }),
    ).toBeNull();
  });

  it('allows an issued vignette to be corrected within 60 days of its purchase, not after', () => {
    const check = (now: Date) =>
      checkCorrection({ from: ro('B123ABC'), to: ro('B123ABD'), issued: true, purchasedAt, now });
    expect(check(daysLater(60))).toBeNull();
    expect(check(daysLater(60.01))).toBe('correctionTooLate');
  });
});
