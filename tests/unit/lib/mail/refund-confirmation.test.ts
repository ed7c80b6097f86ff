import { COMPANY } from '@/lib/company';
import {
  refundScope,
  renderRefundConfirmation,
  type RefundConfirmationData,
} from '@/lib/mail/refund-confirmation';

const refund = (overrides: Partial<RefundConfirmationData> = {}): RefundConfirmationData => ({
  orderId: 'RP-2026-000123',
  orderUrl: 'https://shop.example/ro/order/RP-2026-000123?token=abc&x=1',
  myOrdersUrl: 'https://shop.example/ro/orders',
  locale: 'ro',
  email: 'buyer@example.com',
  refundedBani: 123456,
  orderTotalBani: 123456,
  creditNoteNumber: 'RPVS-2026-000001',
  refundedAt: '2026-11-24T10:30:00.000Z',
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

describe('refundScope', () => {
  it('is all at once, the rest after earlier refunds, or a part', () => {
    expect(refundScope({ refundedBani: 14531, earlierRefundedBani: 0, orderTotalBani: 14531 })).toBe('FULL');
    expect(refundScope({ refundedBani: 10000, earlierRefundedBani: 4531, orderTotalBani: 14531 })).toBe(
      'REST',
    );
    expect(refundScope({ refundedBani: 4531, earlierRefundedBani: 0, orderTotalBani: 14531 })).toBe(
      'PARTIAL',
    );
    expect(refundScope({ refundedBani: 2000, earlierRefundedBani: 4531, orderTotalBani: 14531 })).toBe(
      'PARTIAL',
    );
  });
});

describe('renderRefundConfirmation', () => {
  const expectations = {
    ro: {
      subject: 'Rambursarea pentru comanda RP-2026-000123',
      intro: 'Am rambursat integral suma de 1.234,56 lei plătită pentru comanda RP-2026-000123.',
      card: 'de obicei între 5 și 10',
      creditNote: 'Factura de stornare nr. RPVS-2026-000001 este atașată',
      date: '24 noiembrie 2026',
    },
    en: {
      subject: 'Refund for order RP-2026-000123',
      intro: 'We have refunded the full 1,234.56 lei you paid for order RP-2026-000123.',
      card: 'usually 5 to 10',
      creditNote: 'Credit note no. RPVS-2026-000001 is attached',
      date: 'November 24, 2026',
    },
    de: {
      subject: 'Erstattung zu Ihrer Bestellung RP-2026-000123',
      intro: 'wir haben Ihnen den vollen Betrag von 1.234,56 Lei erstattet',
      card: 'meist 5 bis 10',
      creditNote: 'Die Stornorechnung Nr. RPVS-2026-000001 ist dieser E-Mail als PDF beigefügt.',
      date: '24. November 2026',
    },
    hu: {
      subject: 'Visszatérítés – rendelés: RP-2026-000123',
      intro: 'Visszatérítettük a rendelésért (RP-2026-000123) fizetett teljes összeget: 1234,56 lej.',
      card: 'általában 5–10',
      creditNote: 'A sztornószámlát (száma: RPVS-2026-000001)',
      date: '2026. november 24.',
    },
  } as const;

  it.each(Object.entries(expectations))('confirms a full refund in %s', (locale, expected) => {
    const mail = renderRefundConfirmation(refund({ locale: locale as RefundConfirmationData['locale'] }));
    expect(mail.subject).toContain(expected.subject);
    expect(mail.subject).toContain(COMPANY.brand);
    expect(mail.html).toMatch(new RegExp(`<html lang="${locale}"`));
    for (const part of [mail.text, visible(mail.html)]) {
      for (const value of [
        expected.intro,
        expected.card,
        expected.creditNote,
        expected.date,
        'RPVS-2026-000001',
        COMPANY.name,
        COMPANY.phone,
        COMPANY.email,
        '08:00 - 16:00',
        'buyer@example.com',
        'https://shop.example/ro/order/RP-2026-000123?token=abc&x=1',
        // Every order of the address, as the order confirmation leads to them.
        'https://shop.example/ro/orders',
      ]) {
        expect(part).toContain(value);
      }
      // No ICU placeholder or missing-key fallback left in the output.
      expect(part).not.toMatch(/[{}]|RefundEmail\./);
    }
  });

  it('says how much of what was paid came back when the refund is partial, and why', () => {
    const mail = renderRefundConfirmation(
      refund({
        locale: 'en',
        refundedBani: 2500,
        reason: '  One vignette could not be issued. ',
      }),
    );
    for (const part of [mail.text, visible(mail.html)]) {
      expect(part).toContain(
        'We have refunded 25.00 lei of the 1,234.56 lei you paid for order RP-2026-000123.',
      );
      expect(part).toContain('The rest of your order is unchanged.');
      expect(part).toContain('Order total');
      expect(part).toContain('Reason for the refund');
      expect(part).toContain('One vignette could not be issued.');
      expect(part).not.toContain('the full');
    }
    expect(mail.text).toContain('Amount refunded: 25.00 lei');
    expect(mail.text).toContain('Reason for the refund: One vignette could not be issued.\n');
  });

  it('words a second refund by what it and the refunds before it are: the rest, never "in full" for its own amount', () => {
    // 145,31 lei paid; 45,31 refunded first, then the remaining 100,00.
    const paid = { orderTotalBani: 14531, locale: 'en' as const };
    const first = renderRefundConfirmation(refund({ ...paid, refundedBani: 4531 }));
    expect(first.text).toContain('We have refunded 45.31 lei of the 145.31 lei you paid');
    expect(first.text).not.toContain('Refunded in total so far');
    const rest = renderRefundConfirmation(
      refund({ ...paid, refundedBani: 10000, earlierRefundedBani: 4531 }),
    );
    for (const part of [rest.text, visible(rest.html)]) {
      expect(part).toContain(
        'We have refunded the remaining 100.00 lei of order RP-2026-000123: with the 45.31 lei refunded before, ' +
          'the whole 145.31 lei you paid has now been refunded.',
      );
      expect(part).not.toContain('the full');
      expect(part).toContain('Refunded in total so far');
    }
    expect(rest.text).toContain('Refunded in total so far: 145.31 lei');
    expect(rest.text).toContain('Amount refunded: 100.00 lei');
    // A second part that still leaves some: partial, with the total so far.
    const second = renderRefundConfirmation(
      refund({ ...paid, refundedBani: 2000, earlierRefundedBani: 4531 }),
    );
    expect(second.text).toContain('We have refunded 20.00 lei of the 145.31 lei you paid');
    expect(second.text).toContain('Refunded in total so far: 65.31 lei');
    for (const locale of ['ro', 'de', 'hu'] as const) {
      const text = renderRefundConfirmation(
        refund({ ...paid, locale, refundedBani: 10000, earlierRefundedBani: 4531 }),
      ).text;
      expect(text).toContain('100,00');
      expect(text).toContain('45,31');
      expect(text).not.toMatch(/[{}]/);
    }
  });

  it('leaves out what a full refund without a reason does not need', () => {
    const { text } = renderRefundConfirmation(refund({ reason: ' ' }));
    expect(text).not.toContain('Motivul rambursării');
    expect(text).not.toContain('Valoarea comenzii');
    expect(text).not.toContain('Restul comenzii');
    expect(text).toContain('Suma rambursată: 1.234,56 lei');
  });

  it('looks like the order confirmation and escapes hostile input everywhere in the HTML', () => {
    const hostile = '<script>alert("x")</script>';
    const mail = renderRefundConfirmation(
      refund({
        orderId: 'RP-1<b>',
        email: `"><img src=x onerror=alert(1)>@example.com`,
        reason: hostile,
        creditNoteNumber: `RPVS'<i>`,
        orderUrl: 'javascript:alert(1)',
      }),
    );
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).toContain('#0b4f8a');
    expect(renderRefundConfirmation(refund()).html).not.toMatch(/<img|<script|<link|<style|src=/i);
    expect(mail.html).not.toMatch(/<script|<img|<i>|<b>/i);
    expect(mail.html).not.toContain('href="javascript:');
    expect(visible(mail.html)).toContain(hostile);
    expect(mail.text).toContain(hostile);
  });
});
