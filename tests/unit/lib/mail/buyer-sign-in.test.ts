import { renderBuyerSignIn } from '@/lib/mail/buyer-sign-in';
import { locales } from '@/lib/i18n/routing';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const BOOKS = { ro, en, de, hu };
const url =
  'https://roadpartners.ro/hu/orders/sign-in?token=0b1e6c43-aaaa-4bbb-8ccc-123456789abc.secret&x=<y>';

describe('the sign-in link’s e-mail', () => {
  it.each(locales)('speaks %s, carries the link in both parts, and escapes it in the HTML', (locale) => {
    const mail = renderBuyerSignIn({
      locale,
      email: 'ana@example.ro',
      url,
      ordersUrl: `https://roadpartners.ro/${locale}/orders`,
    });
    const texts = BOOKS[locale].MyOrdersEmail;
    expect(mail.subject).toBe(texts.subject.replace('{brand}', 'Road Partners'));
    expect(mail.text).toContain(url);
    expect(mail.text).toContain(texts.validity);
    expect(mail.html).toContain('x=&lt;y&gt;');
    expect(mail.html).not.toContain('<y>');
    expect(mail.html).toContain(texts.button);
    expect(mail.html).toContain(`lang="${locale}"`);
  });
});
