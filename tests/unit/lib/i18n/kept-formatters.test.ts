import { createFormatter, createTranslator } from 'next-intl';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';

const entries = (store: object) => Object.keys(store).length;

describe('KEPT_FORMATTERS', () => {
  const messages = {
    Mail: { total: 'Total: {amount} lei, {count, plural, one {# vinietă} other {# viniete}}' },
  };

  it('parses a message once for every translator made with it, whatever values it is given', () => {
    const before = entries(KEPT_FORMATTERS._cache.message);
    for (const [amount, count] of [
      ['12,50', 1],
      ['99,00', 3],
      ['7,25', 2],
    ] as const) {
      const t = createTranslator({ ...KEPT_FORMATTERS, locale: 'ro', messages, namespace: 'Mail' });
      expect(t('total', { amount, count })).toBe(
        `Total: ${amount} lei, ${count} ${count === 1 ? 'vinietă' : 'viniete'}`,
      );
    }
    // One parsed message, and no buyer's value among the keys it is kept under.
    expect(entries(KEPT_FORMATTERS._cache.message)).toBe(before + 1);
    expect(Object.keys(KEPT_FORMATTERS._cache.message).join()).not.toMatch(/12,50|99,00|7,25/);
  });

  it('keeps one Intl formatter for each locale and options, not one per call', () => {
    const before = entries(KEPT_FORMATTERS._cache.number);
    const amounts = [1, 2.5, 1234.56].map((value) =>
      createFormatter({ ...KEPT_FORMATTERS, locale: 'hu', timeZone: 'Europe/Bucharest' }).number(value, {
        style: 'currency',
        currency: 'RON',
      }),
    );
    expect(amounts).toEqual(
      [1, 2.5, 1234.56].map((value) =>
        new Intl.NumberFormat('hu', { style: 'currency', currency: 'RON' }).format(value),
      ),
    );
    expect(entries(KEPT_FORMATTERS._cache.number)).toBe(before + 1);
  });
});
