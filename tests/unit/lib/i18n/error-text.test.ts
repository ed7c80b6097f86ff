import { errorText } from '@/lib/i18n/labels';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const LOCALES = Object.entries({ ro, en, de, hu });

/*
 * An error key kept without its values (a plate refused for its county, then the country changed) must never show
 * "{county} nu este indicativul unui județ": whatever key and values a form or the API hands over, the text the buyer
 * reads has no placeholder left in it.
 */
describe('errorText never shows a raw placeholder', () => {
  it.each(LOCALES)('in %s, for every Validation message given no values', (_locale, messages) => {
    const validation: Record<string, string> = messages.Validation;
    const own: Record<string, string> = messages.VignetteForm.errors;
    for (const key of [...Object.keys(validation), ...Object.keys(own)]) {
      const text = errorText(key, validation, own);
      expect([key, text]).toEqual([key, expect.not.stringMatching(/[{}]/)]);
    }
  });

  it.each(LOCALES)('in %s, fills the values a message names when it is given them', (_locale, messages) => {
    const validation: Record<string, string> = messages.Validation;
    const text = errorText('plateRoCountyUnknown', validation, {}, { county: 'XY' });
    expect(text).toContain('XY');
    expect(text).not.toMatch(/[{}]/);
  });

  it('shows the generic message in place of one whose values are missing', () => {
    expect(errorText('plateRoCountyUnknown', ro.Validation, {})).toBe(ro.Validation.invalid);
    expect(errorText('plateRoCountyDigits', ro.Validation, {}, { other: 1 })).toBe(ro.Validation.invalid);
  });

  it('keeps a message without placeholders as it is, and unknown keys generic', () => {
    expect(errorText('plateRequired', ro.Validation, {})).toBe(ro.Validation.plateRequired);
    expect(errorText('noSuchKey', ro.Validation, {})).toBe(ro.Validation.invalid);
    expect(errorText(undefined, ro.Validation, {})).toBeUndefined();
  });
});
