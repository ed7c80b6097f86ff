import {
  heldBackDataOf,
  heldBackDetails,
  renderEfacturaHeldBack,
  type EfacturaHeldBackData,
} from '@/lib/mail/efactura-held-back';

const digest = (overrides: Partial<EfacturaHeldBackData> = {}): EfacturaHeldBackData => ({
  waiting: 21,
  late: 4,
  oldest: { number: 'RPV-2026-000042', issuedAt: '2026-03-09T07:00:00.000Z' },
  countedAt: '2026-03-17T08:00:00.000Z',
  adminUrl: 'https://shop.example/admin/invoices',
  ...overrides,
});

describe('renderEfacturaHeldBack', () => {
  it('tells staff in Romanian, with Romanian plurals', () => {
    const mail = renderEfacturaHeldBack(digest());
    expect(mail.subject).toBe(
      '[Road Partners] Transmiterea în e-Factura este oprită: 21 de documente așteaptă',
    );
    expect(renderEfacturaHeldBack(digest({ waiting: 1 })).subject).toContain('1 document așteaptă');
    expect(renderEfacturaHeldBack(digest({ waiting: 3 })).subject).toContain('3 documente așteaptă');
    expect(mail.html).toContain('<html lang="ro"');
    expect(mail.text).toContain(
      'Documente care așteaptă: 21\nCu termenul legal depășit: 4\nCel mai vechi: RPV-2026-000042, emis pe 9 martie 2026\nSituația la: 17 martie 2026 la 10:00',
    );
    expect(mail.text).toContain('https://shop.example/admin/invoices');
    // Not a letter: no greeting, no sign-off.
    expect(mail.text).not.toContain('Cu stimă');
  });

  it('has its own words in every language, with no key or placeholder left', () => {
    const texts = (['ro', 'en', 'de', 'hu'] as const).map((locale) => {
      const mail = renderEfacturaHeldBack(digest({ locale }));
      expect(mail.html).toContain(`<html lang="${locale}"`);
      return `${mail.subject}\n${mail.text}`;
    });
    expect(new Set(texts).size).toBe(4);
    for (const text of texts) {
      expect(text).not.toMatch(/[{}]|EfacturaHeldBackEmail\./);
      expect(text).toContain('EFACTURA_PROVIDER=anaf');
      expect(text).toContain('RPV-2026-000042');
    }
    expect(texts[1]).toContain('e-Factura off: 21 documents wait');
    expect(texts[2]).toContain('ausgestellt am 9. März 2026');
    expect(texts[3]).toContain('kiállítva: 2026. március 9.');
  });

  it('keeps the counts in the outbox row’s details and reads them back', () => {
    const data = {
      waiting: 21,
      late: 4,
      oldest: { number: 'RPV-2026-000042', issuedAt: '2026-03-09T07:00:00.000Z' },
      countedAt: '2026-03-17T08:00:00.000Z',
    };
    const details = heldBackDetails('2026-03-17', data);
    expect(Object.values(details).every((value) => typeof value === 'string')).toBe(true);
    expect(heldBackDataOf(details)).toEqual(data);
    expect(heldBackDataOf({ day: '2026-03-17' })).toBeNull();
    expect(heldBackDataOf(null)).toBeNull();
  });
});
