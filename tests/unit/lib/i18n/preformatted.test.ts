import { formatDay, formatEur, formatHuf, formatRate, formatRon } from '@/lib/i18n/format';
import { collectPreformatted, preformatted, rememberPreformatted } from '@/lib/i18n/preformatted';

/** Makes every Intl formatter throw while `run` runs: what it returns was found without ICU. */
function withoutIntl<T>(run: () => T): T {
  const kinds = ['NumberFormat', 'DateTimeFormat', 'Collator', 'DisplayNames'] as const;
  const spies = kinds.map((kind) =>
    jest.spyOn(Intl, kind).mockImplementation(() => {
      throw new Error(`Intl.${kind} was made`);
    }),
  );
  try {
    return run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('preformatted texts', () => {
  it('gathers every text the formatters make, keyed by kind, language and value', () => {
    const texts = collectPreformatted(() => {
      formatHuf(690_000, 'ro');
      formatRon(8_976, 'hu');
    });
    expect(new Map(texts)).toEqual(
      new Map([
        ['huf:ro:690000', formatHuf(690_000, 'ro')],
        ['ron:hu:8976', formatRon(8_976, 'hu')],
      ]),
    );
    expect(texts.map(([, text]) => text)).toEqual([
      expect.stringContaining('HUF'),
      expect.stringContaining('RON'),
    ]);
  });

  it('lets a browser that was handed the texts format them with no Intl formatter at all', () => {
    // What a server in another process formatted: the values are new to this module's caches.
    const texts = collectPreformatted(() => {
      formatHuf(123_456, 'de');
      formatRon(123_456, 'de');
      formatEur(2_500, 'de');
      formatRate(4.9761, 'de');
      formatDay('2027-03-14', 'de', 'full');
    });
    const expected = texts.map(([, text]) => text);
    const served = [...texts];
    rememberPreformatted(served);
    expect(
      withoutIntl(() => [
        formatHuf(123_456, 'de'),
        formatRon(123_456, 'de'),
        formatEur(2_500, 'de'),
        formatRate(4.9761, 'de'),
        formatDay('2027-03-14', 'de', 'full'),
      ]),
    ).toEqual(expected);
    // A value the page did not bring is formatted as before: with a formatter, made here for English.
    expect(() => withoutIntl(() => formatHuf(1, 'en'))).toThrow('Intl.NumberFormat was made');
  });

  it('keeps the remembered text for its key and counts a nested collection in the outer one', () => {
    rememberPreformatted([['test:key', 'from the server']]);
    expect(preformatted('test:key', () => 'made here')).toBe('from the server');
    const outer = collectPreformatted(() => {
      preformatted('test:outer', () => 'outer');
      expect(collectPreformatted(() => preformatted('test:inner', () => 'inner'))).toEqual([
        ['test:inner', 'inner'],
      ]);
    });
    expect(outer).toEqual([
      ['test:outer', 'outer'],
      ['test:inner', 'inner'],
    ]);
  });
});
