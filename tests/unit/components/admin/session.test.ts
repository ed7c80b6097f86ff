/** @jest-environment node */
/*
 * The back-office's session store (lib/admin-client/session.ts) over the real API client, in Node's environment
 * whose fetch, Request and Response are the real ones; the browser's storage is a Map.
 * docs/screens.md, Back-office session: what sign-in stores, what start-up restores, what logout clears, and the exact
 * permission check.
 */
import type * as Session from '@/lib/admin-client/session';

const ORIGIN = 'http://shop.test';

type FetchMock = jest.Mock<Promise<Response>, [Request]>;

let session: typeof Session;
let fetchMock: FetchMock;
let storage: Map<string, string>;
/** The JSON bodies sent, by request (a fetched request's body can no longer be read). */
let bodies: Map<Request, unknown>;

const token = (claims: object) => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `Bearer ${part({ alg: 'HS256' })}.${part(claims)}.signature`;
};
const TOKEN = token({
  sub: '7f0c4a52-1111-4222-8333-944455556666',
  exp: Math.floor(Date.now() / 1000) + 3600,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const PRINCIPAL = {
  uuid: '7f0c4a52-1111-4222-8333-944455556666',
  username: 'ana',
  role: { name: 'OPERATOR', permissions: [{ authority: 'PAYMENT_READ' }, { authority: 'INVOICE_READ' }] },
  mustChangePassword: false,
};

const stored = (key: string) => {
  const raw = storage.get(key);
  return raw === undefined ? undefined : JSON.parse(raw);
};

/** Answers by path: the login with its header, the user lookup with the principal. */
function server(overrides: Partial<Record<string, () => Response>> = {}) {
  fetchMock.mockImplementation(async (request: Request) => {
    const text = await request.text();
    if (text) bodies.set(request, JSON.parse(text));
    const { pathname } = new URL(request.url);
    const answer = overrides[pathname];
    if (answer) return answer();
    if (pathname === '/api/login')
      return json(200, { username: 'ana', mustChangePassword: false }, { Authorization: TOKEN });
    if (pathname === '/api/users/user') return json(200, PRINCIPAL);
    return json(404, { error: { code: 'NOT_FOUND', message: 'none' } });
  });
}

beforeEach(async () => {
  jest.resetModules();
  process.env.NEXT_PUBLIC_PAYMENTS_API_URL = ORIGIN;
  storage = new Map();
  bodies = new Map();
  Object.assign(globalThis, {
    location: { href: `${ORIGIN}/admin`, origin: ORIGIN, pathname: '/admin' },
    document: { cookie: 'XSRF-TOKEN=xsrf' },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  });
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  session = await import('@/lib/admin-client/session');
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  jest.restoreAllMocks();
  delete process.env.NEXT_PUBLIC_PAYMENTS_API_URL;
  for (const name of ['location', 'document', 'localStorage'])
    delete (globalThis as Record<string, unknown>)[name];
});

describe('sign-in', () => {
  it('stores currentUser with the Authorization header as it came, then loads and stores the principal', async () => {
    server();
    const result = await session.login('ana', 'correct horse battery');

    const [loginRequest, userRequest] = fetchMock.mock.calls.map(([request]) => request);
    expect(loginRequest!.method).toBe('POST');
    expect(loginRequest!.url).toBe(`${ORIGIN}/api/login`);
    expect(bodies.get(loginRequest!)).toEqual({ username: 'ana', password: 'correct horse battery' });
    expect(loginRequest!.headers.get('X-XSRF-TOKEN')).toBe('xsrf');
    // The user lookup is a secured call: it carries the token just stored.
    expect(userRequest!.url).toBe(`${ORIGIN}/api/users/user?username=ana`);
    expect(userRequest!.headers.get('Authorization')).toBe(TOKEN);

    expect(stored('currentUser')).toEqual({ username: 'ana', token: TOKEN });
    expect(stored('principal')).toEqual(PRINCIPAL);
    expect(result).toMatchObject({
      status: 'signedIn',
      permissions: ['PAYMENT_READ', 'INVOICE_READ'],
      mustChangePassword: false,
    });
  });

  it('stores nothing when the answer has no Authorization header', async () => {
    server({ '/api/login': () => json(200, { username: 'ana', mustChangePassword: false }) });
    await expect(session.login('ana', 'secret secret')).rejects.toBeInstanceOf(session.MissingTokenError);
    expect(storage.size).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fails as a whole, storing nothing, when the principal cannot be loaded', async () => {
    server({ '/api/users/user': () => json(500, { error: { code: 'INTERNAL', message: 'boom' } }) });
    await expect(session.login('ana', 'secret secret')).rejects.toMatchObject({ status: 500 });
    expect(storage.size).toBe(0);
    expect(session.getSession()).toEqual({ status: 'signedOut' });
  });

  it('passes a wrong password on as a 401 without signing anything out or redirecting', async () => {
    server({
      '/api/login': () =>
        json(401, { error: { code: 'UNAUTHORIZED', message: 'Wrong username or password' } }),
    });
    await expect(session.login('ana', 'wrong')).rejects.toMatchObject({ status: 401 });
    expect(storage.size).toBe(0);
  });

  it('keeps a temporary password in the session, so that the password change comes first', async () => {
    server({
      '/api/login': () => json(200, { username: 'ana', mustChangePassword: true }, { Authorization: TOKEN }),
      '/api/users/user': () => json(200, { ...PRINCIPAL, mustChangePassword: true }),
    });
    expect(await session.login('ana', 'temporary-pass')).toMatchObject({
      status: 'signedIn',
      mustChangePassword: true,
    });
  });
});

describe('start-up', () => {
  it('restores currentUser and principal from storage, with the permission list', () => {
    storage.set('currentUser', JSON.stringify({ username: 'ana', token: TOKEN }));
    storage.set('principal', JSON.stringify(PRINCIPAL));
    expect(session.restoreSession()).toEqual({
      status: 'signedIn',
      currentUser: { username: 'ana', token: TOKEN },
      principal: PRINCIPAL,
      permissions: ['PAYMENT_READ', 'INVOICE_READ'],
      mustChangePassword: false,
    });
  });

  it('is signed out with nothing stored, or with something that is not a session', () => {
    expect(session.restoreSession()).toEqual({ status: 'signedOut' });
    storage.set('currentUser', '{not json');
    expect(session.restoreSession()).toEqual({ status: 'signedOut' });
  });

  it('drops an expired token at once', () => {
    const expired = token({ sub: PRINCIPAL.uuid, exp: Math.floor(Date.now() / 1000) - 60 });
    storage.set('currentUser', JSON.stringify({ username: 'ana', token: expired }));
    storage.set('principal', JSON.stringify(PRINCIPAL));
    expect(session.restoreSession()).toEqual({ status: 'signedOut' });
    expect(storage.size).toBe(0);
  });

  it('loads the principal again when only currentUser was stored', async () => {
    server();
    storage.set('currentUser', JSON.stringify({ username: 'ana', token: TOKEN }));
    expect(session.restoreSession()).toMatchObject({ status: 'signedIn', principal: null, permissions: [] });
    await session.resumeSession();
    expect(session.getSession()).toMatchObject({ status: 'signedIn', principal: PRINCIPAL });
    expect(stored('principal')).toEqual(PRINCIPAL);
  });
});

describe('logout', () => {
  it('removes both stored entries and publishes an empty session', async () => {
    server();
    await session.login('ana', 'correct horse battery');
    storage.set('adminLocale', 'en');
    session.logout();
    expect(storage.has('currentUser')).toBe(false);
    expect(storage.has('principal')).toBe(false);
    expect(storage.get('adminLocale')).toBe('en');
    expect(session.getSession()).toEqual({ status: 'signedOut' });
    expect(session.hasPermission('PAYMENT_READ')).toBe(false);
  });
});

describe('permission check', () => {
  it('is true only for an authority the loaded list holds exactly', () => {
    storage.set('currentUser', JSON.stringify({ username: 'ana', token: TOKEN }));
    storage.set('principal', JSON.stringify(PRINCIPAL));
    const current = session.restoreSession();
    expect(session.hasPermission('PAYMENT_READ', current)).toBe(true);
    expect(session.hasPermission('INVOICE_READ', current)).toBe(true);
    expect(session.hasPermission('PAYMENT_WRITE', current)).toBe(false);
    expect(session.hasPermission('payment_read' as never, current)).toBe(false);
    expect(session.hasPermission('PAYMENT' as never, current)).toBe(false);
  });

  it('is false for everything without a loaded list', () => {
    expect(session.hasPermission('PAYMENT_READ', session.restoreSession())).toBe(false);
    expect(session.hasPermission('PAYMENT_READ', { status: 'unknown' })).toBe(false);
  });
});

describe('changing one’s own password', () => {
  it('sends the user’s uuid, and replaces the stored token with the one the answer carries', async () => {
    const NEW_TOKEN = token({ sub: PRINCIPAL.uuid, exp: Math.floor(Date.now() / 1000) + 7200, ver: 2 });
    server({ '/api/users/change-pass': () => json(200, {}, { Authorization: NEW_TOKEN }) });
    await session.login('ana', 'correct horse battery');
    fetchMock.mockClear();

    await session.changeOwnPassword('correct horse battery', 'a much longer new one');

    const [change, reload] = fetchMock.mock.calls.map(([request]) => request);
    expect(change!.url).toBe(`${ORIGIN}/api/users/change-pass`);
    expect(change!.headers.get('Authorization')).toBe(TOKEN);
    expect(bodies.get(change!)).toEqual({
      oldPass: 'correct horse battery',
      newPass: 'a much longer new one',
      uuid: PRINCIPAL.uuid,
    });
    expect(stored('currentUser')).toEqual({ username: 'ana', token: NEW_TOKEN });
    // The principal is read again with the new token.
    expect(reload!.headers.get('Authorization')).toBe(NEW_TOKEN);
    expect(session.getSession()).toMatchObject({ status: 'signedIn', mustChangePassword: false });
  });
});
