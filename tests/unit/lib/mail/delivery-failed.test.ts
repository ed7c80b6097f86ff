import { renderDeliveryFailed, type DeliveryFailedData } from '@/lib/mail/delivery-failed';
import { locales } from '@/lib/i18n/routing';

const data = (overrides: Partial<DeliveryFailedData> = {}): DeliveryFailedData => ({
  orderId: 'AAAAAAAAAAAAAAAAAAAAAA',
  orderUrl: 'https://shop.example/ro/order/AAAAAAAAAAAAAAAAAAAAAA',
  myOrdersUrl: 'https://shop.example/ro/orders',
  locale: 'ro',
  email: 'driver@example.ro',
  kind: 'VIGNETTE',
  undelivered: ['B123ABC', 'CJ12XYZ'],
  totalBani: 17952,
  paidAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

describe('renderDeliveryFailed', () => {
  it('says what was not delivered, that the money is safe and what happens next, in Romanian', () => {
    const mail = renderDeliveryFailed(data());
    expect(mail.subject).toContain('AAAAAAAAAAAAAAAAAAAAAA');
    expect(mail.text).toContain('B123ABC, CJ12XYZ');
    expect(mail.text).toMatch(/179,52 lei/);
    expect(mail.text).toMatch(/rambursăm integral/);
    expect(mail.text).toContain('https://shop.example/ro/order/AAAAAAAAAAAAAAAAAAAAAA');
    expect(mail.text).toContain(
      'Puteți vedea oricând toate comenzile dumneavoastră și documentele lor aici: https://shop.example/ro/orders',
    );
    expect(mail.html).toContain('<html lang="ro"');
  });

  it.each(locales)('is written in %s, with every value filled', (locale) => {
    const mail = renderDeliveryFailed(data({ locale, kind: 'TOPUP', undelivered: ['0722 123 456'] }));
    expect(mail.text).toContain('0722 123 456');
    expect(`${mail.subject}${mail.text}`).not.toMatch(/[{}]/);
  });

  it.each(locales)('tells a failed top-up in its own words in %s, never the vignette’s', (locale) => {
    const vignette = renderDeliveryFailed(data({ locale }));
    const topUp = renderDeliveryFailed(data({ locale, kind: 'TOPUP', undelivered: ['0722 123 456'] }));
    // The vignette's warning about Hungarian motorways and its issuer stay with vignettes.
    const vignetteOnly = vignette.text
      .split('\n')
      .filter((line) => line.length > 40 && !topUp.text.includes(line));
    expect(vignetteOnly.length).toBeGreaterThanOrEqual(3);
    for (const line of vignetteOnly) expect(topUp.text).not.toContain(line);
  });

  it('does not tell a top-up buyer about motorways or the issuer, in English', () => {
    const mail = renderDeliveryFailed(data({ locale: 'en', kind: 'TOPUP', undelivered: ['0722 123 456'] }));
    expect(mail.text).not.toMatch(/motorway|issuer|vignette/i);
    expect(mail.text).toContain('top-up provider');
    expect(mail.text).toContain('phone number');
  });

  it('of a partly delivered order names only what failed, and promises back only its price', () => {
    const mail = renderDeliveryFailed(
      data({ locale: 'en', undelivered: ['FAIL321'], delivered: 1, refundableBani: 5990 }),
    );
    expect(mail.text).toContain('FAIL321');
    expect(mail.text).not.toContain('B123ABC');
    expect(mail.text).toMatch(/issued one of its vignettes: it is valid/);
    expect(mail.text).toMatch(/we refund 59\.90 lei for it/);
    expect(mail.text).not.toMatch(/refund the full|179\.52 lei for it/);
    expect(mail.text).toMatch(/You can drive on the issued vignette/);
    expect(mail.text).not.toMatch(/your vignettes/);
  });

  it.each(locales)('of a partly delivered order is written in %s, with every value filled', (locale) => {
    const mail = renderDeliveryFailed(
      data({ locale, undelivered: ['FAIL321', 'FAIL322'], delivered: 2, refundableBani: 5990 }),
    );
    expect(mail.text).toContain('FAIL321, FAIL322');
    expect(mail.text).toMatch(/59[,.]90/);
    expect(`${mail.subject}${mail.text}`).not.toMatch(/[{}]/);
  });

  it('escapes what the buyer typed in the HTML', () => {
    const mail = renderDeliveryFailed(data({ undelivered: ['<b>X</b>'] }));
    expect(mail.html).not.toContain('<b>X</b>');
  });
});
