import { POST as login } from '@/app/api/login/route';
import { apiHandler } from '@/lib/api/handler';
import { logger } from '@/lib/log/logger';
import type { Mailer } from '@/lib/mail/mailer';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { PEER_ADDRESS_HEADER, stampPeerAddress } from '@/lib/security/peer-address';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { expectNoBuyerData } from '../../support/log-capture';
import { jsonRequest, noParams, withEnv } from '../../support/process-database';
import { paidVignetteOrder } from '../../support/purchases';
import { sendDueMail } from '../../support/outbox';

/*
 * What reaches the log when a buyer's or a person's input is involved: the operator learns what failed and where,
 * never the e-mail address, the query string or the user name that was typed.
 */
describeOnProcessDrivers('the log, when what failed involves what someone typed', (db) => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(logger, 'warn');
    error = jest.spyOn(logger, 'error');
  });
  afterEach(() => {
    warn.mockRestore();
    error.mockRestore();
  });

  it('logs a mail server refusal without the recipient it names', async () => {
    const email = 'refused.buyer@example.ro';
    const naming: Mailer = {
      send: () => Promise.reject(new Error(`550 5.1.1 <${email}>: Recipient address rejected`)),
      close: () => Promise.resolve(),
    };
    await withEnv({ MAIL_MAX_ATTEMPTS: '5', MAIL_RETRY_BASE_SECONDS: '0' }, async () => {
      await paidVignetteOrder(db(), { plates: ['B77LOG'], email });
      await fulfilPaidOrders(db(), sandboxDeliverers);
      await sendDueMail(db(), naming);
    });
    const refusals = warn.mock.calls.filter((call) => call.includes('mail not sent; will retry'));
    expect(refusals.length).toBeGreaterThan(0);
    // What the operator needs stays: the refusal, and the recipient's domain.
    expect(JSON.stringify(refusals)).toContain('550 5.1.1');
    expect(JSON.stringify(refusals)).toContain('***@example.ro');
    expectNoBuyerData([...warn.mock.calls, ...error.mock.calls], [email]);
  });

  it('logs a failed sign-in without the user name typed', async () => {
    const typed = ['no-such-person-typed', 'my-password-typed-as-user'];
    for (const username of typed) {
      const answer = await login(
        jsonRequest('/api/login', {
          body: { username, password: 'wrong-password-here' },
          headers: { [PEER_ADDRESS_HEADER]: stampPeerAddress('198.51.100.201') },
        }),
        noParams,
      );
      expect(answer.status).toBe(401);
    }
    expect(warn.mock.calls.some((call) => call.includes('sign-in failed'))).toBe(true);
    expectNoBuyerData(warn.mock.calls, [...typed, 'wrong-password-here']);
  });

  it('logs a failed request by its path, without its query string', async () => {
    const broken = apiHandler(async () => {
      throw new Error('a bug');
    });
    const answer = await broken(
      new Request('http://localhost/api/admin/orders?q=typed.search%40example.ro&orderId=RP-SEARCHED'),
      noParams,
    );
    expect(answer.status).toBe(500);
    expect(JSON.stringify(error.mock.calls)).toContain('/api/admin/orders');
    expectNoBuyerData(error.mock.calls, ['typed.search', 'RP-SEARCHED']);
  });
});
