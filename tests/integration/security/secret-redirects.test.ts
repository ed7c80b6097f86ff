import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anafClient } from '@/lib/efactura/anaf/client';
import { httpVignetteIssuer } from '@/lib/issuers/issuer-api/client';
import { reloadlyTopUpProvider } from '@/lib/issuers/reloadly/client';
import { httpTransport } from '@/lib/payment-provider/netopia/client';

/*
 * Every call that carries a secret refuses a redirect: a provider (or whoever answers in its place) that says 307
 * must not get the client secret, refresh token, bearer token or API key re-sent to the address it names. Two real
 * HTTP servers: one answering every request 307 to the other, which must never be asked anything.
 */

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

async function listen(
  answer: (request: IncomingMessage, body: string) => [number, Record<string, string>, string],
) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: request.method!,
        url: request.url!,
        authorization: request.headers.authorization,
        body,
      });
      const [status, headers, text] = answer(request, body);
      response.writeHead(status, headers).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let elsewhere: { server: Server; seen: Seen[]; url: string };
let redirecting: { server: Server; seen: Seen[]; url: string };
let anafLike: { server: Server; seen: Seen[]; url: string };

beforeAll(async () => {
  elsewhere = await listen(() => [200, { 'content-type': 'application/json' }, '{"access_token":"stolen"}']);
  redirecting = await listen((request) => [307, { location: `${elsewhere.url}${request.url}` }, '']);
  // A token endpoint that answers, and an API that redirects: the bearer token must not follow either.
  anafLike = await listen((request) =>
    request.url === '/token'
      ? [200, { 'content-type': 'application/json' }, '{"access_token":"bearer-secret","expires_in":3600}']
      : [308, { location: `${elsewhere.url}${request.url}` }, ''],
  );
});

afterAll(async () => {
  for (const { server } of [elsewhere, redirecting, anafLike])
    await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  elsewhere.seen.length = 0;
  redirecting.seen.length = 0;
  anafLike.seen.length = 0;
});

const credentials = { clientId: 'client-id', clientSecret: 'client-secret', refreshToken: 'refresh-token' };

describe('a call carrying a secret refuses a redirect', () => {
  it('ANAF’s token request: a 307 is a temporary failure, the secret and refresh token go nowhere else', async () => {
    const api = anafClient({
      apiUrl: `${redirecting.url}/rest`,
      tokenUrl: `${redirecting.url}/token`,
      credentials,
    });
    const result = await api.upload('<Invoice/>', { standard: 'UBL', cif: '123' });
    expect(result).toEqual({
      kind: 'TEMPORARY',
      message: expect.stringMatching(/token: HTTP 307: redirect .*refused/),
    });
    expect(redirecting.seen).toHaveLength(1);
    expect(redirecting.seen[0]!.body).toContain('client_secret=client-secret');
    expect(elsewhere.seen).toEqual([]);
  });

  it('ANAF’s API with the bearer token: a 308 on upload, status or download is refused, the token stays', async () => {
    const api = anafClient({
      apiUrl: `${anafLike.url}/rest`,
      tokenUrl: `${anafLike.url}/token`,
      credentials,
    });
    expect(await api.upload('<Invoice/>', { standard: 'UBL', cif: '123' })).toEqual({
      kind: 'TEMPORARY',
      message: expect.stringMatching(/HTTP 308: redirect to .* refused/),
    });
    expect((await api.messageState('5000000001')).kind).toBe('TEMPORARY');
    expect((await api.download('3000000001')).kind).toBe('TEMPORARY');
    expect((await api.messages({ days: 1, cif: '123' })).kind).toBe('TEMPORARY');
    expect(anafLike.seen.filter((seen) => seen.authorization === 'Bearer bearer-secret')).toHaveLength(4);
    expect(elsewhere.seen).toEqual([]);
  });

  it('Netopia’s API key', async () => {
    const transport = httpTransport(redirecting.url, 'netopia-api-key');
    await expect(transport('/operation/status', { posID: 'x' })).rejects.toThrow();
    expect(redirecting.seen[0]!.authorization).toBe('netopia-api-key');
    expect(elsewhere.seen).toEqual([]);
  });

  it('Reloadly’s client secret', async () => {
    const provider = reloadlyTopUpProvider({
      authUrl: redirecting.url,
      apiUrl: redirecting.url,
      clientId: 'reloadly-id',
      clientSecret: 'reloadly-secret',
    });
    await expect(
      provider.deliver({ key: 'k', phone: '+40712345678', operator: 'Orange', amountBani: 1000 } as never),
    ).rejects.toThrow(/Reloadly did not answer/);
    expect(redirecting.seen[0]!.body).toContain('reloadly-secret');
    expect(elsewhere.seen).toEqual([]);
  });

  it('the issuer API’s bearer token', async () => {
    const issuer = httpVignetteIssuer({ baseUrl: redirecting.url, token: 'issuer-token' });
    await expect(issuer.issue({ key: 'k' } as never)).rejects.toThrow();
    expect(redirecting.seen[0]!.authorization).toBe('Bearer issuer-token');
    expect(elsewhere.seen).toEqual([]);
  });
});
