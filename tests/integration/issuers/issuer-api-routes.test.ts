import { GET as health } from '@/app/api/issuer-sandbox/v1/health/route';
import { POST as correct } from '@/app/api/issuer-sandbox/v1/vignettes/[id]/corrections/route';
import { GET as status } from '@/app/api/issuer-sandbox/v1/vignettes/[id]/route';
import { GET as lookUp, POST as issue } from '@/app/api/issuer-sandbox/v1/vignettes/route';
import type { Config } from '@/lib/config/env';
import { httpVignetteIssuer } from '@/lib/issuers/issuer-api/client';
import {
  ISSUER_SANDBOX_PATH,
  vignetteIssuerSandboxIsServed,
  vignetteIssuerSandboxToken,
} from '@/lib/issuers/issuer-api/sandbox';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { withEnv } from '../../support/process-database';
import { hungarianDay } from '../../support/purchases';

/*
 * The issuer sandbox over HTTP: its route handlers under /api/issuer-sandbox/v1, called with a Request as Next calls
 * them, answer the issuer contract (docs/issuer-api.md) to the bearer of its token only, and only while served.
 */

const BASE = `http://localhost${ISSUER_SANDBOX_PATH}`;
const body = (plate: string) => ({
  category: 'CAR',
  type: 'WEEK',
  county: null,
  plate,
  country: 'RO',
  firstDay: hungarianDay(1),
  lastDay: hungarianDay(10),
});
const request = (
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  new Request(`${BASE}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const none = { params: Promise.resolve({}) };
const withId = (id: string) => ({ params: Promise.resolve({ id }) });

/** A `fetch` that reaches the route handlers as the network would: the adapter's calls, answered by the routes. */
const overRoutes: typeof fetch = async (input, init) => {
  const incoming = new Request(input, init);
  const path = new URL(incoming.url).pathname.slice(ISSUER_SANDBOX_PATH.length);
  const match = /^\/vignettes\/([^/]+)(\/corrections)?$/.exec(path);
  if (path === '/vignettes') return (incoming.method === 'GET' ? lookUp : issue)(incoming, none);
  if (match?.[2]) return correct(incoming, withId(decodeURIComponent(match[1]!)));
  if (match) return status(incoming, withId(decodeURIComponent(match[1]!)));
  return health(incoming, none);
};

describeOnProcessDrivers('the issuer sandbox’s routes', (db) => {
  let token: string;
  beforeAll(async () => {
    token = await vignetteIssuerSandboxToken(db());
  });

  it('answers 401 without the token or with another one, and registers nothing', async () => {
    const anonymous = await issue(
      request('/vignettes', { body: body('B401AAA'), headers: { 'Idempotency-Key': 'routes-401:0' } }),
      none,
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await anonymous.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    const forged = await issue(
      request('/vignettes', {
        token: `${token}x`,
        body: body('B401AAA'),
        headers: { 'Idempotency-Key': 'routes-401:0' },
      }),
      none,
    );
    expect(forged.status).toBe(401);
    for (const answer of [
      await lookUp(request('/vignettes?idempotencyKey=routes-401:0', { token: 'wrong-token' }), none),
      await status(request('/vignettes/HU-EM-1', { token: 'wrong-token' }), withId('HU-EM-1')),
      await correct(
        request('/vignettes/HU-EM-1/corrections', {
          token: 'wrong-token',
          body: { plate: 'B1', country: 'RO' },
        }),
        withId('HU-EM-1'),
      ),
      await health(request('/health'), none),
    ])
      expect(answer.status).toBe(401);
    const found = await lookUp(request('/vignettes?idempotencyKey=routes-401:0', { token }), none);
    expect(found.status).toBe(404);
  });

  it('serves the contract: issue, repeat, look-up, status, correction, and its errors', async () => {
    const key = { 'Idempotency-Key': `routes-${Date.now()}:0` };
    const created = await issue(request('/vignettes', { token, body: body('B123ABC'), headers: key }), none);
    expect(created.status).toBe(201);
    const vignette = await created.json();
    expect(vignette).toMatchObject({
      id: expect.stringMatching(/^HU-EM-/),
      status: 'ISSUED',
      plate: 'B123ABC',
    });

    const repeated = await issue(request('/vignettes', { token, body: body('B123ABC'), headers: key }), none);
    expect(repeated.status).toBe(200);
    expect(await repeated.json()).toEqual(vignette);
    const reused = await issue(request('/vignettes', { token, body: body('B999ZZZ'), headers: key }), none);
    expect(reused.status).toBe(422);
    expect((await reused.json()).error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const byKey = await lookUp(
      request(`/vignettes?idempotencyKey=${encodeURIComponent(key['Idempotency-Key'])}`, { token }),
      none,
    );
    expect(await byKey.json()).toEqual(vignette);
    expect(
      await (await status(request(`/vignettes/${vignette.id}`, { token }), withId(vignette.id))).json(),
    ).toEqual(vignette);

    const fixed = await correct(
      request(`/vignettes/${vignette.id}/corrections`, { token, body: { plate: 'B123ABD', country: 'RO' } }),
      withId(vignette.id),
    );
    expect(fixed.status).toBe(200);
    expect(await fixed.json()).toMatchObject({
      plate: 'B123ABD',
      corrections: [{ previous: { plate: 'B123ABC' } }],
    });
    const tooMuch = await correct(
      request(`/vignettes/${vignette.id}/corrections`, { token, body: { plate: 'CJ99XYZ', country: 'RO' } }),
      withId(vignette.id),
    );
    expect(tooMuch.status).toBe(422);
    expect((await tooMuch.json()).error).toMatchObject({
      code: 'CORRECTION_REFUSED',
      reason: 'correctionTooLarge',
    });

    const unknown = await status(request('/vignettes/HU-EM-NONE', { token }), withId('HU-EM-NONE'));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('NOT_FOUND');
    const withoutKey = await issue(request('/vignettes', { token, body: body('B123ABC') }), none);
    expect(withoutKey.status).toBe(400);
    const invalid = await issue(
      request('/vignettes', {
        token,
        body: { ...body('B123ABC'), firstDay: 'soon' },
        headers: { 'Idempotency-Key': 'x:1' },
      }),
      none,
    );
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).error).toMatchObject({
      code: 'VALIDATION',
      issues: [{ path: 'firstDay' }],
    });
    const outage = await issue(
      request('/vignettes', { token, body: body('FAIL1'), headers: { 'Idempotency-Key': 'x:2' } }),
      none,
    );
    expect(outage.status).toBe(503);
    expect(outage.headers.get('retry-after')).toBe('30');
    expect(await (await health(request('/health', { token }), none)).json()).toEqual({
      status: 'ok',
      version: 'v1',
    });
  });

  it('is what the adapter talks to over HTTP', async () => {
    const issuer = httpVignetteIssuer({ baseUrl: BASE, token, fetch: overRoutes });
    const key = `routes-adapter-${Date.now()}:0`;
    const ask = {
      idempotencyKey: key,
      categoryCode: 'CAR',
      type: 'WEEK',
      county: null,
      plate: 'LOST42',
      country: 'RO',
      firstDay: hungarianDay(1),
      lastDay: hungarianDay(10),
    };
    // Registered, answer lost: temporary; the next ask looks it up.
    await expect(issuer.issue({ ...ask, askedBefore: false })).rejects.toMatchObject({ temporary: true });
    const { issuedId } = await issuer.issue({ ...ask, askedBefore: true });
    expect(issuedId).toMatch(/^HU-EM-/);
    await issuer.correct({
      issuedId,
      from: { plate: 'LOST42', country: 'RO' },
      to: { plate: 'LOST43', country: 'RO' },
      purchasedAt: new Date(),
    });
    const after = await (await status(request(`/vignettes/${issuedId}`, { token }), withId(issuedId))).json();
    expect(after.plate).toBe('LOST43');
  });

  it('answers 404 unless it is the configured issuer of a shop that is not live', async () => {
    await withEnv(
      {
        VIGNETTE_ISSUER: 'http',
        VIGNETTE_ISSUER_URL: 'https://gateway.example/v1',
        VIGNETTE_ISSUER_TOKEN: 'a-gateway-token-long-enough',
      },
      async () => {
        const answers = [
          await issue(
            request('/vignettes', { token, body: body('B123ABC'), headers: { 'Idempotency-Key': 'x:3' } }),
            none,
          ),
          await lookUp(request('/vignettes?idempotencyKey=x:3', { token }), none),
          await status(request('/vignettes/HU-EM-1', { token }), withId('HU-EM-1')),
          await correct(
            request('/vignettes/HU-EM-1/corrections', { token, body: { plate: 'B1', country: 'RO' } }),
            withId('HU-EM-1'),
          ),
          await health(request('/health', { token }), none),
        ];
        for (const answer of answers) {
          expect(answer.status).toBe(404);
          expect((await answer.json()).error.code).toBe('NOT_FOUND');
        }
      },
    );
    expect(
      vignetteIssuerSandboxIsServed({ VIGNETTE_ISSUER: 'sandbox', PAYMENT_PROVIDER: 'sandbox' } as Config),
    ).toBe(true);
    expect(
      vignetteIssuerSandboxIsServed({ VIGNETTE_ISSUER: 'sandbox', PAYMENT_PROVIDER: 'netopia' } as Config),
    ).toBe(false);
    expect(
      vignetteIssuerSandboxIsServed({ VIGNETTE_ISSUER: 'http', PAYMENT_PROVIDER: 'sandbox' } as Config),
    ).toBe(false);
  });
});
