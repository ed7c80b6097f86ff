import { withoutEmailAddresses } from '@/lib/log/logger';
import { captureLog, expectNoBuyerData } from '../../../support/log-capture';

describe('the log redaction', () => {
  it('hides PINs, the provider token, e-mails, passwords and cookies, at the top and one level down', () => {
    const { log, text } = captureLog();
    log.info(
      {
        pin: '1234567890123456',
        email: 'buyer@example.ro',
        'verification-token': 'eyJ.provider.token',
        headers: { 'verification-token': 'eyJ.header.token', cookie: 'XSRF-TOKEN=secret-cookie' },
        order: { email: 'other@example.ro', pin: '6543' },
        password: 'hunter2-hunter2',
        orderId: 'kept-in-the-log',
      },
      'test',
    );
    const line = text();
    for (const secret of [
      '1234567890123456',
      'buyer@example.ro',
      'eyJ.provider.token',
      'eyJ.header.token',
      'secret-cookie',
      'other@example.ro',
      '6543',
      'hunter2',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('kept-in-the-log');
  });
});

describe('what a person typed, kept out of the log', () => {
  it('logs an address without its query string, under either name', () => {
    const { log, text } = captureLog();
    log.warn(
      { url: 'http://localhost/api/admin/orders?q=ana%40example.ro&orderId=RP1', path: '/x?y=1' },
      'test',
    );
    expect(text()).toContain('"url":"http://localhost/api/admin/orders"');
    expectNoBuyerData(text(), ['RP1']);
  });

  it('masks every e-mail address in a text to its domain', () => {
    expect(withoutEmailAddresses('550 5.1.1 <ana.pop+x@mail.example.ro>: rejected; cc b@c.de')).toBe(
      '550 5.1.1 <***@mail.example.ro>: rejected; cc ***@c.de',
    );
    expectNoBuyerData(withoutEmailAddresses('to ana@example.ro'));
  });
});
