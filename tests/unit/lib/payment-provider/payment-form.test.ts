import { paymentFormHtml, unknownPaymentHtml } from '@/lib/payment-provider/sandbox/payment-form';
import { TEST_CARDS } from '@/lib/payment-provider/sandbox/sandbox';

const text = {
  title: 'Plată cu cardul (sandbox)',
  notice: 'Nu se debitează niciun card real',
  merchant: 'Comerciant',
  order: 'Comandă',
  amount: 'Sumă',
  amountValue: '123,45 RON',
  expiresIn: 'Pagina expiră la ora 14:05.',
  cardNumber: 'Numărul cardului',
  expiry: 'Data expirării (LL/AA)',
  cvv: 'CVV',
  cardholder: 'Numele titularului',
  pay: 'Plătiți 123,45 RON',
  testCards: 'Carduri de test',
};

describe("the sandbox provider's card form, as plain HTML", () => {
  const html = paymentFormHtml(
    'ro',
    { ntpId: 'abcDEF123_-x', orderId: 'RP-7K3-9QX' },
    'Road Partners',
    120,
    text,
  );

  it('is a whole page in the payment language, with no script to run', () => {
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ro">/);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('posts the card fields the sandbox reads, with the payment id, to its pay route', () => {
    expect(html).toContain('<form method="post" action="/api/payments/sandbox/pay">');
    expect(html).toContain('<input type="hidden" name="ntpId" value="abcDEF123_-x">');
    for (const name of ['cardNumber', 'expiry', 'cvv', 'cardholder'])
      expect(html).toContain(`name="${name}"`);
    expect(html).toContain('autocomplete="cc-number"');
  });

  it('shows the merchant, the order, the amount and every test card', () => {
    expect(html).toContain('<dd class="total" data-testid="sandbox-amount">123,45 RON</dd>');
    expect(html).toContain('RP-7K3-9QX');
    expect(html).toContain('<button type="submit">Plătiți 123,45 RON</button>');
    for (const number of Object.keys(TEST_CARDS)) expect(html).toContain(number);
  });

  it('reloads itself a second after the form expires, to send the buyer back', () => {
    expect(html).toContain('<meta http-equiv="refresh" content="121">');
  });

  it('escapes what it is given', () => {
    const hostile = paymentFormHtml('ro', { ntpId: 'x"><script>', orderId: '<b>' }, 'A & B', 5, {
      ...text,
      title: '</title><script>alert(1)</script>',
    });
    expect(hostile).not.toMatch(/<script/i);
    expect(hostile).toContain('&lt;b&gt;');
    expect(hostile).toContain('A &amp; B');
    expect(hostile).toContain('value="x&quot;&gt;&lt;script&gt;"');
  });

  it('says so for a payment it does not know', () => {
    const unknown = unknownPaymentHtml('de');
    expect(unknown).toContain('<html lang="de">');
    expect(unknown).toContain('<p class="notice">Diese Zahlung existiert nicht.</p>');
    expect(unknown).not.toContain('<form');
  });
});
