import { COMPANY } from '@/lib/company';
import { KEPT_FORMATTERS } from '@/lib/i18n/kept-formatters';
import { formatVersionDate, LEGAL_VERSIONS } from '@/lib/legal/versions';
import { renderOrderConfirmation, type OrderConfirmationData } from '@/lib/mail/order-confirmation';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const order = (overrides: Partial<OrderConfirmationData> = {}): OrderConfirmationData => ({
  orderId: 'RP-2026-000123',
  orderUrl: 'https://shop.example/ro/order/RP-2026-000123?token=abc&x=1',
  siteUrl: 'https://shop.example',
  locale: 'ro',
  email: 'buyer@example.com',
  createdAt: '2026-03-05T10:30:00.000Z',
  totalBani: 123456,
  invoiceNumber: 'RPV-2026-00042',
  vignettes: [
    {
      issuedId: 'HU-E-98765432',
      plate: 'HD12ABC',
      country: 'RO',
      categoryTitle: 'D1',
      type: 'WEEK',
      firstDay: '2026-03-06',
      lastDay: '2026-03-15',
      priceBani: 40123,
    },
    {
      issuedId: 'HU-E-11112222',
      plate: 'ABC123',
      country: 'HU',
      categoryTitle: 'D2',
      type: 'COUNTY_YEAR',
      county: 'csongrad-csanad',
      // Bought for the current year on the order's day: it starts then, at the payment.
      firstDay: '2026-03-05',
      lastDay: '2027-01-31',
      priceBani: 83333,
    },
  ],
  ...overrides,
});

/** The text as a reader sees it: tags dropped, the few entities we write decoded. */
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('renderOrderConfirmation', () => {
  const expectations = {
    ro: {
      subject: 'Confirmarea comenzii RP-2026-000123',
      type: 'de 10 zile',
      county: 'anuală, județeană',
      validity: 'de la 6 martie 2026, ora 00:00, până la 15 martie 2026, ora 24:00 (ora Ungariei)',
      validityToday:
        'din momentul plății, pe 5 martie 2026, până la 31 ianuarie 2027, ora 24:00 (ora Ungariei)',
      country: 'România (RO)',
      total: '1.234,56 lei',
    },
    en: {
      subject: 'Order confirmation RP-2026-000123',
      type: '10-day',
      county: 'yearly, county',
      validity: 'from 00:00 on March 6, 2026 until 24:00 on March 15, 2026 (Hungarian time)',
      validityToday:
        'from the moment of payment on March 5, 2026 until 24:00 on January 31, 2027 (Hungarian time)',
      country: 'Romania (RO)',
      total: '1,234.56 lei',
    },
    de: {
      subject: 'Bestellbestätigung RP-2026-000123',
      type: '10-Tages-Vignette',
      county: 'Jahresvignette, Komitat',
      validity: 'vom 6. März 2026, 00:00 Uhr, bis zum 15. März 2026, 24:00 Uhr (ungarische Zeit)',
      validityToday:
        'ab dem Zeitpunkt der Zahlung am 5. März 2026 bis zum 31. Januar 2027, 24:00 Uhr (ungarische Zeit)',
      country: 'Rumänien (RO)',
      total: '1.234,56 Lei',
    },
    hu: {
      subject: 'Rendelés visszaigazolása: RP-2026-000123',
      type: 'heti (10 napos)',
      county: 'éves vármegyei',
      validity: '2026. március 6. 00:00 órától 2026. március 15. 24:00 óráig (magyar idő szerint)',
      validityToday:
        '2026. március 5., a fizetés pillanatától 2027. január 31. 24:00 óráig (magyar idő szerint)',
      country: 'Románia (RO)',
      total: '1234,56 lej',
    },
  } as const;

  it.each(Object.entries(expectations))('renders the whole order in %s', (locale, expected) => {
    const mail = renderOrderConfirmation(order({ locale: locale as OrderConfirmationData['locale'] }));
    const html = visible(mail.html);

    expect(mail.subject).toContain(expected.subject);
    expect(mail.subject).toContain(COMPANY.brand);
    expect(mail.html).toMatch(new RegExp(`<html lang="${locale}"`));
    for (const part of [mail.text, html]) {
      for (const value of [
        'RP-2026-000123',
        'HU-E-98765432',
        'HU-E-11112222',
        'HD12ABC',
        'ABC123',
        'Csongrád-Csanád',
        'RPV-2026-00042',
        expected.type,
        expected.county,
        expected.validity,
        expected.validityToday,
        expected.country,
        expected.total,
        COMPANY.name,
        COMPANY.phone,
        COMPANY.email,
        '08:00 - 16:00',
        'https://shop.example/ro/order/RP-2026-000123?token=abc&x=1',
      ]) {
        expect(part).toContain(value);
      }
    }
    // No ICU placeholder or missing-key fallback left in the output.
    expect(mail.text).not.toMatch(/[{}]|OrderEmail\./);
    expect(html).not.toMatch(/[{}]|OrderEmail\./);
  });

  it('words a vignette from the payment when it is paid on its first day, past the midnight after the order', () => {
    const weekFromTomorrow = order().vignettes[0]!;
    const placed = { createdAt: '2026-03-05T22:50:00.000Z', vignettes: [weekFromTomorrow] };
    // 23:50 in Budapest on 5 March: the vignette, for 6 March, starts at midnight.
    expect(renderOrderConfirmation(order({ ...placed, locale: 'en' })).text).toContain(
      'from 00:00 on March 6, 2026 until 24:00 on March 15, 2026 (Hungarian time)',
    );
    // Paid at 00:10 on 6 March: never retroactive, it is valid from the payment.
    const paidPastMidnight = renderOrderConfirmation(
      order({ ...placed, paidAt: '2026-03-05T23:10:00.000Z', locale: 'en' }),
    );
    expect(paidPastMidnight.text).toContain(
      'from the moment of payment on March 6, 2026 until 24:00 on March 15, 2026 (Hungarian time)',
    );
    expect(paidPastMidnight.text).not.toContain('00:00');
  });

  it.each(['ro', 'en', 'de', 'hu'] as const)(
    'in %s confirms the delivered vignettes of a partly delivered order as valid, naming what is still to come',
    (locale) => {
      const [issued] = order().vignettes;
      const mail = renderOrderConfirmation(order({ locale, vignettes: [issued!], undelivered: ['FAIL321'] }));
      expect(mail.text).toContain('HU-E-98765432');
      expect(mail.text).not.toContain('HU-E-11112222');
      expect(mail.text).toContain('FAIL321');
      // The total of what is confirmed, not of the order.
      expect(mail.text).toMatch(/(Total|Gesamtbetrag|összege).*401[,.]23 le[ij]/i);
      expect(mail.text).not.toMatch(/1[.\s ]?234[,.]56/);
      expect(`${mail.subject}${mail.text}`).not.toMatch(/[{}]/);
    },
  );

  it('says in English that the delivered vignette is valid to drive on', () => {
    const [issued] = order().vignettes;
    const mail = renderOrderConfirmation(
      order({ locale: 'en', vignettes: [issued!], undelivered: ['FAIL321'] }),
    );
    expect(mail.text).toMatch(/The vignette below is issued and valid: you can drive on it/);
    expect(mail.text).toMatch(/We could not issue the vignette for FAIL321 yet/);
    expect(mail.text).toMatch(/Total of the issued vignettes: 401\.23 lei/);
  });

  it('shows a county name it is given as it is', () => {
    const countyVignette = { ...order().vignettes[1]!, county: 'Győr-Moson-Sopron' };
    expect(renderOrderConfirmation(order({ vignettes: [countyVignette] })).text).toContain(
      'Județ (Ungaria): Győr-Moson-Sopron',
    );
  });

  it('names the order by its short reference in the subject and the summary, the id only in its link', () => {
    const mail = renderOrderConfirmation(order({ locale: 'en', reference: 'RP-7K3-9QX' }));
    expect(mail.subject).toContain('RP-7K3-9QX');
    expect(mail.text).toContain('RP-7K3-9QX');
    expect(mail.html).toContain('RP-7K3-9QX');
    // An order older than references keeps its id.
    expect(renderOrderConfirmation(order({ locale: 'en' })).subject).toContain(order().orderId);
  });

  it('names the attached invoice without a number when there is none', () => {
    const mail = renderOrderConfirmation(order({ locale: 'en', invoiceNumber: undefined }));
    expect(mail.text).toContain('The invoice is attached to this e-mail');
    expect(mail.text).not.toContain('Invoice no.');
  });

  it('keeps the HTML e-mail client-friendly: 600px, the brand blue, no images, scripts or external styles', () => {
    const { html } = renderOrderConfirmation(order());
    expect(html).toContain('max-width:600px');
    expect(html).toContain('#0b4f8a');
    expect(html).not.toMatch(/<img|<script|<link|<style|src=/i);
    expect(html).toContain('href="https://shop.example/ro/order/RP-2026-000123?token=abc&amp;x=1"');
  });

  it('escapes hostile input everywhere in the HTML', () => {
    const hostile = '<script>alert("x")</script>';
    const mail = renderOrderConfirmation(
      order({
        orderId: `RP-1<b>`,
        email: `"><img src=x onerror=alert(1)>@example.com`,
        vignettes: [
          {
            issuedId: `ID'<i>`,
            plate: hostile,
            country: 'RO',
            categoryTitle: '<u>',
            type: 'COUNTY_YEAR',
            county: '<iframe src="//evil">',
            firstDay: '2026-01-01',
            lastDay: '2027-01-31',
            priceBani: 100,
          },
        ],
        topUp: {
          operator: '<marquee>',
          phone: '0722<br>',
          faceValue: '5 € <svg onload=x>',
          delivery: 'PIN',
          pin: '1234<hr>',
          instructions: 'Dial *100*<PIN># & press "call"',
          priceBani: 2500,
        },
        orderUrl: 'javascript:alert(1)',
      }),
    );

    expect(mail.html).not.toMatch(/<script|<img|<iframe|<marquee|<svg|<hr|<u>|<i>|<b>/i);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).not.toContain('href="javascript:');
    // The readable content is intact, only encoded.
    const html = visible(mail.html);
    expect(html).toContain(hostile);
    expect(html).toContain('Dial *100*<PIN># & press "call"');
    // The text part is not HTML and keeps the values as they are.
    expect(mail.text).toContain(hostile);
  });

  it('gives a direct top-up its provider reference and no PIN', () => {
    const mail = renderOrderConfirmation(
      order({
        locale: 'en',
        vignettes: [],
        totalBani: 2500,
        topUp: {
          operator: 'Orange',
          phone: '0722 123 456',
          faceValue: '5 EUR',
          delivery: 'DIRECT',
          reference: 'ORA-777-XYZ',
          priceBani: 2500,
        },
      }),
    );
    for (const part of [mail.text, visible(mail.html)]) {
      expect(part).toContain('Prepaid top-up');
      expect(part).toContain('Orange');
      expect(part).toContain('0722 123 456');
      expect(part).toContain('5 EUR');
      expect(part).toContain('Provider reference');
      expect(part).toContain('ORA-777-XYZ');
      expect(part).toContain('sent directly to the phone number above');
      expect(part).toContain('25.00 lei');
      expect(part).not.toContain('PIN');
      // Proof advice is about vignettes, and this order has none.
      expect(part).not.toContain('proof of purchase');
      expect(part).not.toContain('Your Hungarian vignettes');
    }
  });

  it('gives a PIN top-up its PIN and the redemption instructions', () => {
    const withInstructions = renderOrderConfirmation(
      order({
        locale: 'hu',
        topUp: {
          operator: 'Vodafone',
          phone: '0744 000 111',
          faceValue: '10 EUR',
          delivery: 'PIN',
          pin: '9876 5432 1098',
          instructions: 'Hívja a *100*PIN# számot.',
          priceBani: 5000,
        },
      }),
    );
    for (const part of [withInstructions.text, visible(withInstructions.html)]) {
      expect(part).toContain('Feltöltő PIN-kód');
      expect(part).toContain('9876 5432 1098');
      expect(part).toContain('A PIN-kód felhasználása');
      expect(part).toContain('Hívja a *100*PIN# számot.');
      expect(part).not.toContain('Tranzakcióazonosító');
      // Vignettes in the same order keep their part.
      expect(part).toContain('HU-E-98765432');
    }

    const withoutInstructions = renderOrderConfirmation(
      order({
        locale: 'de',
        vignettes: [],
        topUp: {
          operator: 'Telekom',
          phone: '0766 1',
          faceValue: '5 EUR',
          delivery: 'PIN',
          pin: '1111',
          priceBani: 2500,
        },
      }),
    );
    expect(withoutInstructions.text).toContain('Auflade-PIN: 1111');
    expect(withoutInstructions.text).toContain('gemäß der Aufladeanleitung Ihres Mobilfunkanbieters');
  });

  it('falls back to the code for an unknown category and shows a malformed date as it is', () => {
    const mail = renderOrderConfirmation(
      order({
        vignettes: [
          {
            issuedId: 'X1',
            plate: 'B123ABC',
            country: 'DE',
            categoryTitle: 'Z9',
            type: 'DAY',
            firstDay: 'soon',
            lastDay: '2026-02-30x',
            priceBani: 1,
          },
        ],
      }),
    );
    expect(mail.text).toContain('Categorie: Z9');
    expect(mail.text).toContain('de la soon, ora 00:00, până la 2026-02-30x');
    expect(mail.text).toContain('Germania (DE)');
    expect(mail.text).toContain('0,01 lei');
  });
});

describe('the confirmation of the withdrawal waiver on a durable medium', () => {
  const messages = { ro, en, de, hu } as const;
  const locales = Object.keys(messages) as OrderConfirmationData['locale'][];
  const terms = LEGAL_VERSIONS.TermsPage[0]!;
  // Placed on the day the first versioned terms were published.
  const placedUnderTerms = `${terms.date}T12:00:00.000Z`;
  const topUp = (delivery: 'DIRECT' | 'PIN'): OrderConfirmationData['topUp'] => ({
    operator: 'Orange',
    phone: '0722 123 456',
    faceValue: '5 EUR',
    delivery,
    ...(delivery === 'PIN' ? { pin: '1234 5678' } : { reference: 'ORA-1' }),
    priceBani: 2500,
  });

  it.each(locales)(
    'confirms in %s each product’s request for immediate delivery and the terms by version',
    (locale) => {
      const texts = messages[locale].OrderEmail;
      const cases = [
        {
          data: {},
          says: texts.withdrawalVignettes,
          not: [texts.withdrawalTopUpDirect, texts.withdrawalTopUpPin],
        },
        {
          data: { vignettes: [], topUp: topUp('DIRECT') },
          says: texts.withdrawalTopUpDirect,
          not: [texts.withdrawalVignettes, texts.withdrawalTopUpPin],
        },
        {
          data: { vignettes: [], topUp: topUp('PIN') },
          says: texts.withdrawalTopUpPin,
          not: [texts.withdrawalVignettes, texts.withdrawalTopUpDirect],
        },
      ];
      for (const { data, says, not } of cases) {
        const mail = renderOrderConfirmation(order({ locale, createdAt: placedUnderTerms, ...data }));
        for (const part of [mail.text, visible(mail.html)]) {
          expect(part).toContain(texts.withdrawalHeading);
          expect(part).toContain(says);
          for (const other of not) expect(part).not.toContain(other);
          expect(part).toContain(terms.version);
          expect(part).toContain(formatVersionDate(terms.date, locale));
          expect(part).toContain(`https://shop.example/${locale}/terms-conditions/${terms.date}`);
          expect(part).not.toMatch(/[{}]|OrderEmail\./);
        }
        expect(mail.html).toContain(`href="https://shop.example/${locale}/terms-conditions/${terms.date}"`);
      }
    },
  );

  it('cites Art. 16(a) for vignettes and direct top-ups, and (m) too for a PIN', () => {
    const english = (data: Partial<OrderConfirmationData>) =>
      renderOrderConfirmation(order({ locale: 'en', createdAt: placedUnderTerms, ...data })).text;
    expect(english({})).toContain('Art. 16(a) of Romanian Government Emergency Ordinance 34/2014');
    expect(english({ vignettes: [], topUp: topUp('DIRECT') })).toContain('Art. 16(a) of');
    expect(english({ vignettes: [], topUp: topUp('PIN') })).toContain('Art. 16(a) and (m) of');
  });

  it('names no version for an order placed before the terms carried one', () => {
    const mail = renderOrderConfirmation(order({ locale: 'ro', createdAt: '2026-03-05T10:30:00.000Z' }));
    expect(mail.text).toContain(ro.OrderEmail.withdrawalTermsUnversioned);
    expect(mail.text).toMatch(/https:\/\/shop\.example\/ro\/terms-conditions$/m);
  });
});

describe('the terms the confirmation e-mail names', () => {
  afterEach(() => jest.useRealTimers());

  // Bucharest times: the version in force is the one published on the order's day in Romania.
  it.each([
    ['2026-11-26T23:30:00+02:00', '1.0', '2026-11-26'],
    ['2026-11-27T00:30:00+02:00', '1.1', '2026-11-27'],
  ])('are, for an order placed at %s, version %s of %s', (now, version, date) => {
    jest.useFakeTimers({ now: new Date(now) });
    const entry = LEGAL_VERSIONS.TermsPage.find((candidate) => candidate.version === version);
    expect(entry?.date).toBe(date);
    for (const locale of ['ro', 'en', 'de', 'hu'] as const) {
      const mail = renderOrderConfirmation(order({ locale, createdAt: new Date().toISOString() }));
      expect(mail.text).toContain(version);
      expect(mail.text).toContain(formatVersionDate(date, locale));
      expect(mail.text).toContain(`https://shop.example/${locale}/terms-conditions/${date}`);
      for (const other of LEGAL_VERSIONS.TermsPage.filter((candidate) => candidate !== entry)) {
        expect(mail.text).not.toContain(`/terms-conditions/${other.date}`);
      }
    }
  });
});

describe('the confirmation e-mail of each next order', () => {
  const keptEntries = () =>
    Object.values(KEPT_FORMATTERS._cache).reduce((sum, store: object) => sum + Object.keys(store).length, 0);
  afterEach(() => jest.restoreAllMocks());

  it('parses no message and builds no Intl formatter again: only its values differ from the first', () => {
    for (const locale of ['ro', 'en', 'de', 'hu'] as const) renderOrderConfirmation(order({ locale }));
    const kept = keptEntries();
    const built = [jest.spyOn(Intl, 'NumberFormat'), jest.spyOn(Intl, 'DateTimeFormat')];
    const mail = renderOrderConfirmation(
      order({ locale: 'de', orderId: 'RP-2026-000777', email: 'other@example.com', totalBani: 98_765 }),
    );
    expect(mail.text).toContain('987,65');
    expect(keptEntries()).toBe(kept);
    for (const constructor of built) expect(constructor).not.toHaveBeenCalled();
  });
});
