import { DatabaseUnavailableError, isDatabaseUnavailable } from '@/lib/db/errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['an unknown host', withCode('ENOTFOUND', 'getaddrinfo ENOTFOUND db')],
    ['a statement that timed out on the client (a frozen server)', new Error('Query read timeout')],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a connection attempt that timed out', new Error('Connection terminated due to connection timeout')],
    ['a connection attempt that timed out on the client', new Error('timeout expired')],
    ['a connection lost mid-statement', new Error('Connection terminated unexpectedly')],
    [
      'a client left unusable by an error',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'the server shutting down (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['the server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['too many connections (53300)', withCode('53300', 'sorry, too many clients already')],
    ['a full disk (53100)', withCode('53100', 'could not extend file')],
    ['statement_timeout (57014)', withCode('57014', 'canceling statement due to statement timeout')],
    ['a connection exception (08006)', withCode('08006')],
    ['a read-only server (25006)', withCode('25006', 'cannot execute INSERT in a read-only transaction')],
    ['the shop’s own error', new DatabaseUnavailableError()],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks through the wrapping of drizzle (cause) and of a connection tried on several addresses', () => {
    const refused = withCode('ECONNREFUSED');
    const wrapped = new Error('Failed query: select 1\nparams: ', {
      cause: new Error('outer', { cause: refused }),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error('x'), refused]))).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error (42601)', withCode('42601', 'syntax error at or near')],
    ['an undefined table (42P01)', withCode('42P01', 'relation does not exist')],
    ['a serialization failure (40001), which a retry inside the shop handles', withCode('40001')],
    ['a bug in the shop', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a failure whose message only mentions a timeout', new Error('the provider timed out')],
    ['a string', 'Query read timeout'],
    ['nothing', undefined],
    ['null', null],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('ends on a cycle of causes', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
