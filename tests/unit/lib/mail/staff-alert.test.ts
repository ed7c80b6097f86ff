import { COMPANY } from '@/lib/company';
import { renderStaffAlert, staffAlertReasons, type StaffAlertData } from '@/lib/mail/staff-alert';

const alert = (overrides: Partial<StaffAlertData> = {}): StaffAlertData => ({
  orderId: 'Xy3_AAAAAAAAAAAAAAAAAA',
  adminUrl: 'https://shop.example/admin/transactions?q=Xy3_AAAAAAAAAAAAAAAAAA',
  reason: 'FULFILLMENT_FAILED',
  status: 'FULFILLMENT_FAILED',
  email: 'driver@example.ro',
  amountBani: 12345,
  detail: 'issuer timeout\nafter 5 attempts',
  ...overrides,
});

const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('renderStaffAlert', () => {
  it('tells staff in Romanian what happened, what to do and where', () => {
    const mail = renderStaffAlert(alert());
    expect(mail.subject).toBe(`[${COMPANY.brand}] Livrare eșuată: comanda Xy3_AAAAAAAAAAAAAAAAAA`);
    expect(mail.html).toContain('<html lang="ro"');
    for (const part of [mail.text, visible(mail.html)]) {
      for (const value of [
        'Plata a fost primită, dar livrarea nu a reușit',
        'Livrare eșuată (FULFILLMENT_FAILED)',
        '123,45 lei',
        'driver@example.ro',
        'issuer timeout',
        'Ce este de făcut',
        'trimiteți din nou comanda la livrare',
        'https://shop.example/admin/transactions?q=Xy3_AAAAAAAAAAAAAAAAAA',
        'nu redirecționați mesajul în afara echipei',
      ]) {
        expect(part.replace(/\s+/g, ' ')).toContain(value);
      }
    }
    expect(mail.text).toContain('Stare: Livrare eșuată (FULFILLMENT_FAILED)\nSuma: 123,45 lei');
    // The error keeps its lines.
    expect(mail.text).toContain('issuer timeout\nafter 5 attempts');
    expect(mail.html).toContain('href="https://shop.example/admin/transactions?q=Xy3_AAAAAAAAAAAAAAAAAA"');
    // Not a letter to the buyer: no greeting, no sign-off.
    expect(mail.text).not.toContain('Cu stimă');
  });

  it.each(staffAlertReasons)('has its own account and task for %s in every language', (reason) => {
    const texts = (['ro', 'en', 'de', 'hu'] as const).map(
      (locale) => renderStaffAlert(alert({ reason, status: 'REFUND_PENDING', locale })).text,
    );
    expect(new Set(texts).size).toBe(4);
    for (const text of texts) expect(text).not.toMatch(/[{}]|StaffAlertEmail\.|reasons\./);
    const others = staffAlertReasons
      .filter((other) => other !== reason)
      .map((other) => renderStaffAlert(alert({ reason: other, status: 'REFUND_PENDING' })).text);
    expect(others).not.toContain(texts[0]);
  });

  it('asks for the expected action per reason, in English', () => {
    const todo = (reason: StaffAlertData['reason']) =>
      renderStaffAlert(alert({ reason, locale: 'en', detail: undefined })).text;
    expect(todo('FULFILLMENT_FAILED')).toContain('send the order back to delivery');
    expect(todo('PAID_AFTER_EXPIRY')).toContain('Refund the buyer');
    expect(todo('REFUND_PENDING')).toContain("Check the refund in the payment provider's merchant account");
    expect(todo('CHARGEBACK')).toContain('Answer the chargeback');
    expect(todo('CHARGEBACK')).toMatch(/^\[Road Partners\]|Chargeback/m);
    expect(todo('CHARGEBACK')).not.toContain('Details');
  });

  it('asks to correct a failed top-up’s phone number, and a vignette’s plate', () => {
    const topUp = renderStaffAlert(alert({ reason: 'FULFILLMENT_FAILED', locale: 'en', kind: 'TOPUP' })).text;
    expect(topUp).toContain('the phone number, for instance');
    expect(topUp).not.toContain('plate');
    const vignette = renderStaffAlert(
      alert({ reason: 'FULFILLMENT_FAILED', locale: 'en', kind: 'VIGNETTE' }),
    ).text;
    expect(vignette).toContain('the plate, for instance');
  });

  it('names the state in the words of the back-office, in German and Hungarian', () => {
    expect(renderStaffAlert(alert({ locale: 'de', status: 'PAID' })).text).toContain(
      'Status: Bezahlt (PAID)',
    );
    expect(
      renderStaffAlert(alert({ locale: 'hu', status: 'EXPIRED', reason: 'PAID_AFTER_EXPIRY' })).subject,
    ).toBe(`[${COMPANY.brand}] Lejárat után érkezett fizetés: Xy3_AAAAAAAAAAAAAAAAAA számú rendelés`);
  });

  it('escapes hostile input and links only a web address', () => {
    const hostile = '<script>alert("x")</script>';
    const mail = renderStaffAlert(
      alert({
        detail: hostile,
        email: `"><img src=x>@x.ro`,
        orderId: '<b>1',
        adminUrl: 'javascript:alert(1)',
      }),
    );
    expect(mail.html).not.toMatch(/<script|<img|<b>/i);
    expect(mail.html).not.toContain('href="javascript:');
    expect(visible(mail.html)).toContain(hostile);
    expect(mail.text).toContain(hostile);
  });
});
