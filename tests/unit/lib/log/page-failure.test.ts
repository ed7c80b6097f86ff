import { DrizzleQueryError } from 'drizzle-orm/errors';

jest.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-request-id': 'request-0001' }),
}));
// The shop's logger (its redaction and error serializer), writing to a string.
jest.mock('@/lib/log/logger', () => {
  const actual = jest.requireActual<typeof import('@/lib/log/logger')>('@/lib/log/logger');
  const { Writable } = jest.requireActual<typeof import('node:stream')>('node:stream');
  const pino = jest.requireActual<typeof import('pino')>('pino');
  let written = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written += chunk;
      done();
    },
  });
  return {
    ...actual,
    logger: pino({ ...actual.LOGGER_OPTIONS, level: 'info' }, sink),
    loggedText: () => written,
  };
});

import { pageFailure, PageFailure } from '@/lib/log/page-failure';

const { loggedText } = jest.requireMock('@/lib/log/logger') as { loggedText: () => string };

describe("a page's failure", () => {
  const failed = new DrizzleQueryError(
    'select "id" from "order_items" where "order_items"."order_id" = $1 and "email" = $2',
    ['Xq3-secret-order-id-00', 'buyer@example.ro'],
    Object.assign(new Error('relation "order_items" does not exist'), { code: '42P01' }),
  );

  it('is logged with the request id and why, without the statement values', async () => {
    await pageFailure('order', failed);
    const line = loggedText();
    expect(line).toContain('request-0001');
    expect(line).toContain('relation \\"order_items\\" does not exist');
    expect(line).toContain('page failed');
    expect(line).not.toContain('Xq3-secret-order-id-00');
    expect(line).not.toContain('buyer@example.ro');
  });

  it('is thrown on as an error that carries nothing but the page and the request id', async () => {
    const thrown = await pageFailure('order', failed);
    expect(thrown).toBeInstanceOf(PageFailure);
    expect(thrown.message).toContain('order page');
    expect(thrown.message).toContain('request-0001');
    expect(thrown.cause).toBeUndefined();
    expect(JSON.stringify(thrown)).not.toContain('secret');
    expect(`${thrown.stack}`).not.toContain('buyer@example.ro');
  });
});
