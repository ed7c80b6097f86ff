import { locales } from '@/lib/i18n/routing';
import { renderInvoiceReissued, type InvoiceReissuedData } from '@/lib/mail/invoice-reissued';

const data = (overrides: Partial<InvoiceReissuedData> = {}): InvoiceReissuedData => ({
  orderId: 'AAAAAAAAAAAAAAAAAAAAAA',
  orderUrl: 'https://shop.example/ro/order/AAAAAAAAAAAAAAAAAAAAAA',
  myOrdersUrl: 'https://shop.example/ro/orders',
  locale: 'ro',
  email: 'driver@example.ro',
  replacedNumber: 'RPV-2026-000001',
  creditNoteNumber: 'RPVS-2026-000001',
  invoiceNumber: 'RPV-2026-000002',
  ...overrides,
});

describe('renderInvoiceReissued', () => {
  it('names the invoice replaced, its storno and the new invoice, and that nothing is owed, in Romanian', () => {
    const mail = renderInvoiceReissued(data());
    expect(mail.subject).toContain('AAAAAAAAAAAAAAAAAAAAAA');
    expect(mail.subject).toContain('RPV-2026-000002');
    expect(mail.text).toContain('RPV-2026-000001');
    expect(mail.text).toContain('RPVS-2026-000001');
    expect(mail.text).toMatch(/nu aveți nimic de plătit/);
    expect(mail.text).toContain('https://shop.example/ro/order/AAAAAAAAAAAAAAAAAAAAAA');
    expect(mail.text).toContain('https://shop.example/ro/orders');
    expect(mail.html).toContain('https://shop.example/ro/orders');
    expect(mail.html).toContain('<html lang="ro"');
  });

  it.each(locales)('is written in %s, with every value filled', (locale) => {
    const mail = renderInvoiceReissued(data({ locale }));
    for (const number of ['RPV-2026-000001', 'RPVS-2026-000001', 'RPV-2026-000002'])
      expect(mail.text).toContain(number);
    expect(`${mail.subject}${mail.text}`).not.toMatch(/[{}]/);
    expect(mail.html).toContain(`<html lang="${locale}"`);
  });

  it('escapes what it is given in the HTML', () => {
    const mail = renderInvoiceReissued(data({ email: '<b>x</b>@example.ro' }));
    expect(mail.html).not.toContain('<b>x</b>');
  });
});
