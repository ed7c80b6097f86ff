import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import { validityText } from '@/lib/vignettes/validity-text';

const TEXTS = {
  ro: ro.VignetteValidity,
  en: en.VignetteValidity,
  de: de.VignetteValidity,
  hu: hu.VignetteValidity,
};

// 14:35 on 24 November 2026 in Budapest.
const PAID = new Date('2026-11-24T13:35:00Z');
const TODAY = { firstDay: '2026-11-24', lastDay: '2027-01-31' };
const LATER = { firstDay: '2026-11-25', lastDay: '2026-12-04' };

describe('validityText', () => {
  it.each([
    ['ro', 'din momentul plății, pe 24 noiembrie 2026, până la 31 ianuarie 2027, ora 24:00 (ora Ungariei)'],
    [
      'en',
      'from the moment of payment on November 24, 2026 until 24:00 on January 31, 2027 (Hungarian time)',
    ],
    [
      'de',
      'ab dem Zeitpunkt der Zahlung am 24. November 2026 bis zum 31. Januar 2027, 24:00 Uhr (ungarische Zeit)',
    ],
    ['hu', '2026. november 24., a fizetés pillanatától 2027. január 31. 24:00 óráig (magyar idő szerint)'],
  ] as const)('words a vignette for the day of payment from the payment in %s', (locale, expected) => {
    expect(validityText(TEXTS[locale], TODAY, PAID, locale)).toBe(expected);
  });

  it.each([
    ['ro', 'de la 25 noiembrie 2026, ora 00:00, până la 4 decembrie 2026, ora 24:00 (ora Ungariei)'],
    ['en', 'from 00:00 on November 25, 2026 until 24:00 on December 4, 2026 (Hungarian time)'],
    ['de', 'vom 25. November 2026, 00:00 Uhr, bis zum 4. Dezember 2026, 24:00 Uhr (ungarische Zeit)'],
    ['hu', '2026. november 25. 00:00 órától 2026. december 4. 24:00 óráig (magyar idő szerint)'],
  ] as const)('words a vignette for a later day from 00:00 in %s', (locale, expected) => {
    expect(validityText(TEXTS[locale], LATER, PAID, locale)).toBe(expected);
  });

  it("names the payment's day when the payment came after the first day began", () => {
    const paidPastMidnight = new Date('2026-11-24T23:10:00Z');
    expect(validityText(TEXTS.en, TODAY, paidPastMidnight, 'en')).toBe(
      'from the moment of payment on November 25, 2026 until 24:00 on January 31, 2027 (Hungarian time)',
    );
  });

  it('shows a day that is not a calendar day as it is', () => {
    expect(validityText(TEXTS.ro, { firstDay: 'soon', lastDay: '2026-02-30' }, PAID, 'ro')).toBe(
      'de la soon, ora 00:00, până la 2026-02-30, ora 24:00 (ora Ungariei)',
    );
  });
});
