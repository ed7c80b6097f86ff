import { httpVignetteIssuer } from '@/lib/issuers/issuer-api/client';
import { IssueError, type IssueRequest } from '@/lib/issuers/vignette-issuer';

/*
 * The issuer adapter against answers a gateway may give (docs/issuer-api.md, "Errors"): each failure becomes an
 * IssueError that says whether asking again may help, and a lost answer is looked up before asking again.
 */

const BASE = 'https://gateway.example/v1';
const ask: IssueRequest = {
  idempotencyKey: 'order-1:0',
  categoryCode: 'CAR',
  type: 'WEEK',
  county: null,
  plate: 'B123ABC',
  country: 'RO',
  firstDay: '2026-03-02',
  lastDay: '2026-03-11',
  askedBefore: false,
};
const vignette = {
  id: 'HU-EM-000000000001',
  status: 'ISSUED',
  idempotencyKey: 'order-1:0',
  category: 'CAR',
  type: 'WEEK',
  county: null,
  plate: 'B123ABC',
  country: 'RO',
  firstDay: '2026-03-02',
  lastDay: '2026-03-11',
  issuedAt: '2026-03-01T10:00:00.000Z',
  corrections: [],
};
const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });
const error = (status: number, code: string, message: string, reason?: string) =>
  json({ error: { code, message, ...(reason ? { reason } : {}) } }, status);

/** A gateway that answers each call with the next answer, and records what it was asked. */
function gateway(...answers: (Response | Error | 'hang')[]) {
  const calls: Request[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    calls.push(request);
    const next = answers.shift();
    if (next === 'hang')
      return new Promise<Response>((_resolve, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      );
    if (next instanceof Error) throw next;
    if (!next) throw new Error('unexpected call');
    return next;
  };
  return {
    calls,
    issuer: httpVignetteIssuer({
      baseUrl: `${BASE}/`,
      token: 'gateway-token-123456',
      fetch: fetcher,
      timeoutMs: 50,
    }),
  };
}

const failureOf = async (promise: Promise<unknown>) => {
  const caught = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(caught).toBeInstanceOf(IssueError);
  return caught as IssueError;
};

describe('the vignette issuer adapter', () => {
  it('posts the vignette with its key and bearer token, and takes the issuer’s id', async () => {
    const { calls, issuer } = gateway(json(vignette, 201));
    expect(await issuer.issue(ask)).toEqual({ issuedId: vignette.id });
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.url).toBe(`${BASE}/vignettes`);
    expect(call!.headers.get('authorization')).toBe('Bearer gateway-token-123456');
    expect(call!.headers.get('idempotency-key')).toBe('order-1:0');
    // The contract's body: the vignette as it will be answered, without what the issuer adds.
    const { id, status, idempotencyKey, issuedAt, corrections, ...sold } = vignette;
    void [id, status, idempotencyKey, issuedAt, corrections];
    expect(await call!.json()).toEqual(sold);
  });

  it('looks the key up first when it asked before: found, it is not asked again; not found, it issues', async () => {
    const found = gateway(json(vignette, 200));
    expect(await found.issuer.issue({ ...ask, askedBefore: true })).toEqual({ issuedId: vignette.id });
    expect(found.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${BASE}/vignettes?idempotencyKey=order-1%3A0`,
    ]);
    const missing = gateway(error(404, 'NOT_FOUND', 'nothing under this key'), json(vignette, 201));
    expect(await missing.issuer.issue({ ...ask, askedBefore: true })).toEqual({ issuedId: vignette.id });
    expect(missing.calls.map((call) => call.method)).toEqual(['GET', 'POST']);
  });

  it('counts a lost answer as temporary: a timeout, a cut connection, a 5xx, an answer that is not a vignette', async () => {
    const reset = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
    for (const [answer, text] of [
      ['hang', /did not answer \(no answer in time\)/],
      [reset, /did not answer \(fetch failed \(ECONNRESET\)\)/],
      [new Response('<html>Bad gateway</html>', { status: 502 }), /unavailable: HTTP 502$/],
      [error(503, 'UNAVAILABLE', 'maintenance'), /unavailable: HTTP 503 UNAVAILABLE: maintenance/],
      [error(409, 'CONFLICT', 'in progress'), /HTTP 409 CONFLICT/],
      [json({ ok: true }, 201), /answer \(HTTP 201\) is not a vignette/],
    ] as const) {
      const failure = await failureOf(gateway(answer).issuer.issue(ask));
      expect(failure.temporary).toBe(true);
      expect(failure.message).toMatch(text);
    }
    const later = await failureOf(
      gateway(
        json({ error: { code: 'TOO_MANY_REQUESTS', message: 'slow down' } }, 429, { 'Retry-After': '7' }),
      ).issuer.issue(ask),
    );
    expect(later).toMatchObject({ temporary: true, message: expect.stringMatching(/retry after 7 s$/) });
  });

  it('counts a refused token and a wrong address as temporary, with what to check', async () => {
    const token = await failureOf(gateway(error(401, 'UNAUTHORIZED', 'bad token')).issuer.issue(ask));
    expect(token).toMatchObject({
      temporary: true,
      message: expect.stringContaining('VIGNETTE_ISSUER_TOKEN'),
    });
    const address = await failureOf(
      gateway(new Response('Not Found', { status: 404 })).issuer.issue({ ...ask, askedBefore: true }),
    );
    expect(address).toMatchObject({
      temporary: true,
      message: expect.stringContaining('VIGNETTE_ISSUER_URL'),
    });
  });

  it('counts the issuer’s no as permanent, in its words', async () => {
    const refused = await failureOf(
      gateway(error(422, 'REFUSED', 'plate under a ban', 'PLATE_BANNED')).issuer.issue(ask),
    );
    expect(refused).toMatchObject({
      temporary: false,
      message:
        'issue of order-1:0: the national system refused it: HTTP 422 REFUSED (PLATE_BANNED): plate under a ban',
    });
    const invalid = await failureOf(
      gateway(
        json(
          {
            error: {
              code: 'VALIDATION',
              message: 'invalid',
              issues: [{ path: 'plate', message: 'too long' }],
            },
          },
          422,
        ),
      ).issuer.issue(ask),
    );
    expect(invalid).toMatchObject({
      temporary: false,
      message: expect.stringContaining('[plate: too long]'),
    });
    expect((await failureOf(gateway(error(400, 'BAD_REQUEST', 'no key')).issuer.issue(ask))).temporary).toBe(
      false,
    );
  });

  it('corrects at the issuer; a refusal is permanent with the rule’s words, an outage temporary', async () => {
    const correction = {
      issuedId: 'HU-EM-000000000001',
      from: { plate: 'B123ABC', country: 'RO' },
      to: { plate: 'B123ABD', country: 'RO' },
      purchasedAt: new Date(),
    };
    const done = gateway(json({ ...vignette, plate: 'B123ABD' }, 200));
    await done.issuer.correct(correction);
    expect(done.calls[0]!.url).toBe(`${BASE}/vignettes/HU-EM-000000000001/corrections`);
    expect(await done.calls[0]!.json()).toEqual({ plate: 'B123ABD', country: 'RO' });

    const refused = await failureOf(
      gateway(error(422, 'CORRECTION_REFUSED', 'too late', 'correctionTooLate')).issuer.correct(correction),
    );
    expect(refused).toMatchObject({ temporary: false, message: 'correction refused: too late' });
    expect(
      (await failureOf(gateway(error(503, 'UNAVAILABLE', 'down')).issuer.correct(correction))).temporary,
    ).toBe(true);
  });
});
