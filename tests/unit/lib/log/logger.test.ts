import { captureLog } from '../../../support/log-capture';

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
