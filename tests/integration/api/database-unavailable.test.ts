import net from 'node:net';
import { GET as health } from '@/app/api/health/route';
import { GET as rate } from '@/app/api/currency/nmps/rate/route';
import { POST as quote } from '@/app/api/nmps/orders/quote/route';
import { POST as notify } from '@/app/api/payments/netopia/notify/route';
import { noParams, resetProcess } from '../../support/process-database';

/**
 * The route handlers' answers when the database cannot be reached, without a real PostgreSQL: a port where nothing
 * listens (refused at once), and a server that accepts connections and never answers (a frozen database: only the
 * shop's own timeouts end the wait). The same on a real PostgreSQL that is stopped or frozen mid-use is proven by
 * tests/e2e/database-away.spec.ts.
 */
/** A port of this suite's own (the database-away tests use 5440-5449). */
const SILENT_PORT = 5443;

describe.each([
  { kind: 'refused', what: 'nothing listens' },
  { kind: 'silent', what: 'accepting connections and never answering' },
] as const)('with the database $kind ($what)', ({ kind }) => {
  let silent: net.Server | undefined;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    let url = 'postgres://nobody:nothing@127.0.0.1:1/none';
    if (kind === 'silent') {
      silent = net.createServer((socket) => sockets.add(socket));
      await new Promise<void>((resolve) => silent!.listen(SILENT_PORT, '127.0.0.1', resolve));
      url = `postgres://nobody:nothing@127.0.0.1:${SILENT_PORT}/none`;
    }
    await resetProcess({ DATABASE_URL: url, DATA_DIR: undefined });
  });

  afterAll(async () => {
    await resetProcess({ DATABASE_URL: undefined });
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => (silent ? silent.close(resolve) : resolve(undefined)));
  });

  /** Answers within the 2 s, with 503 UNAVAILABLE and a retry hint. */
  async function expectUnavailable(answer: Promise<Response>) {
    const started = performance.now();
    const response = await answer;
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    return response;
  }

  it('answers the health check, the rate and a quote with 503 UNAVAILABLE and Retry-After', async () => {
    await expectUnavailable(health(new Request('http://localhost/api/health'), noParams));
    const rateAnswer = await expectUnavailable(
      rate(new Request('http://localhost/api/currency/nmps/rate'), noParams),
    );
    expect(await rateAnswer.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: expect.stringMatching(/try again/) },
    });
    const quoteAnswer = await expectUnavailable(
      quote(
        new Request('http://localhost/api/nmps/orders/quote', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            items: [{ categoryCode: 'CAR', type: 'YEAR', plate: 'B123ABC', country: 'RO' }],
          }),
        }),
        noParams,
      ),
    );
    expect(((await quoteAnswer.json()) as { error: { code: string } }).error.code).toBe('UNAVAILABLE');
  });

  it("gives the provider's notification the protocol's temporary answer (errorType 1)", async () => {
    const response = await expectUnavailable(
      notify(
        new Request('http://localhost/api/payments/netopia/notify', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'verification-token': 'a.b.c' },
          body: '{"payment":{},"order":{}}',
        }),
        noParams,
      ),
    );
    expect(await response.json()).toMatchObject({ errorType: 1 });
  });
});
