import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { POST as login } from '@/app/api/login/route';
import { POST as changePass } from '@/app/api/users/change-pass/route';
import { POST as reset } from '@/app/api/users/reset/route';
import { GET as listRoles } from '@/app/api/users/roles/route';
import { GET as listUsers } from '@/app/api/users/route';
import { POST as signUp } from '@/app/api/users/sign-up/route';
import { DELETE as removeUser, GET as getUser } from '@/app/api/users/user/route';
import { ACCOUNT_POLICY, ADDRESS_POLICY, signIn } from '@/lib/auth/sign-in';
import { signingSecret } from '@/lib/auth/tokens';
import { auditLog, users } from '@/lib/db/schema';
import {
  jsonRequest,
  noParams,
  useProcessDatabase,
  withRateLimitMultiplier,
} from '../../support/process-database';
import { PEER_ADDRESS_HEADER, stampPeerAddress } from '@/lib/security/peer-address';

/*
 * Staff sign-in and user management: the same answer for an unknown user and a wrong password, the
 * progressive delays per account and per address, temporary passwords, token revocation, the audit log.
 */

type Env = Awaited<ReturnType<typeof useProcessDatabase>>;
let env: Env;
const db = () => env.database.db;

beforeAll(async () => {
  env = await useProcessDatabase();
});
afterAll(() => env.cleanup());

let addressCounter = 0;
/** Each test signs in from its own address, so that the per-address slow-down of one test does not touch another. */
const newAddress = () => `198.51.100.${++addressCounter}`;

const loginRequest = (username: string, password: string, address = newAddress()) =>
  login(
    jsonRequest('/api/login', {
      body: { username, password },
      headers: { [PEER_ADDRESS_HEADER]: stampPeerAddress(address) },
    }),
    noParams,
  );

async function tokenOf(username: string, password: string) {
  const response = await loginRequest(username, password);
  expect(response.status).toBe(200);
  return response.headers.get('authorization')!;
}

const as = (authorization: string, url: string, init: { method?: string; body?: unknown } = {}) =>
  jsonRequest(url, { ...init, headers: { authorization } });

async function createUser(
  admin: string,
  username: string,
  role = 'OPERATOR',
  password = 'initial-password-1',
) {
  const response = await signUp(
    as(admin, '/api/users/sign-up', { body: { username, password, role } }),
    noParams,
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { uuid: string; username: string; mustChangePassword: boolean };
}

/** Signs a new user in and replaces the temporary password: a token ready for work. */
async function activeToken(
  username: string,
  password = 'initial-password-1',
  newPass = `${username}-new-password`,
) {
  const temporary = await tokenOf(username, password);
  const [user] = await db().select().from(users).where(eq(users.username, username));
  const response = await changePass(
    as(temporary, '/api/users/change-pass', { body: { uuid: user!.id, oldPass: password, newPass } }),
    noParams,
  );
  expect(response.status).toBe(200);
  return response.headers.get('authorization')!;
}

describe('sign-in', () => {
  it('answers with the token in the Authorization header, whose claims name the user and its token version', async () => {
    const response = await loginRequest('admin', 'a-test-admin-password');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ username: 'admin', mustChangePassword: false });
    const token = response.headers.get('authorization')!;
    expect(token).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const [admin] = await db().select().from(users).where(eq(users.username, 'admin'));
    expect(decodeJwt(token.slice(7))).toMatchObject({ sub: admin!.id, ver: admin!.tokenVersion });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const unknown = await loginRequest('nobody-here', 'whatever-password');
    const wrong = await loginRequest('admin', 'not-the-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
    expect(unknown.headers.get('authorization')).toBeNull();
  });

  it('answers 422 naming the missing field', async () => {
    const response = await login(jsonRequest('/api/login', { body: { username: 'admin' } }), noParams);
    expect(response.status).toBe(422);
    expect((await response.json()).error.issues).toEqual([expect.objectContaining({ path: 'password' })]);
  });

  it('slows down an account guessed from many addresses, but never keeps its owner out for long', async () => {
    await activeToken((await createUser(await tokenOf('admin', 'a-test-admin-password'), 'victim')).username);
    await withRateLimitMultiplier(1, async () => {
      const start = new Date();
      const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
      const attempt = (password: string, seconds: number) =>
        signIn(db(), { username: 'victim', password, address: newAddress() }, at(seconds));
      // Every guess from its own address, as a botnet would: the account's own count must slow it.
      for (let guess = 1; guess <= ACCOUNT_POLICY.free; guess++) {
        await expect(attempt(`guess-${guess}`, guess / 10)).rejects.toMatchObject({ status: 401 });
      }
      // The next try waits the first delay, even with the right password...
      const last = ACCOUNT_POLICY.free / 10;
      await expect(attempt('victim-new-password', last)).rejects.toMatchObject({
        status: 429,
        retryAfterSeconds: ACCOUNT_POLICY.firstDelaySeconds,
      });
      // ...and the delays double with each further failure, up to the maximum and no further.
      let now = last;
      let waited = 0;
      for (let guess = 0; guess < 12; guess++) {
        const refused = await attempt('still-guessing', now).catch(
          (error: { retryAfterSeconds?: number }) => error,
        );
        const wait = (refused as { retryAfterSeconds?: number }).retryAfterSeconds ?? 0;
        expect(wait).toBeLessThanOrEqual(ACCOUNT_POLICY.maxDelaySeconds);
        waited = Math.max(waited, wait);
        now += wait;
        await expect(attempt(`guess-more-${guess}`, now)).rejects.toMatchObject({ status: 401 });
      }
      expect(waited).toBe(ACCOUNT_POLICY.maxDelaySeconds);
      // The owner, once the current delay is over, signs in; that clears the account's count.
      const owner = await attempt('victim-new-password', now + ACCOUNT_POLICY.maxDelaySeconds);
      expect(owner.username).toBe('victim');
      await expect(attempt('one-typo', now + ACCOUNT_POLICY.maxDelaySeconds + 1)).rejects.toMatchObject({
        status: 401,
      });
    });
  });

  it('slows down an address that keeps failing, whatever the usernames, with Retry-After', async () => {
    await withRateLimitMultiplier(1, async () => {
      const address = newAddress();
      for (let attempt = 0; attempt < ADDRESS_POLICY.free; attempt++) {
        expect((await loginRequest(`someone-${attempt}`, 'wrong-password', address)).status).toBe(401);
      }
      // The next try waits; until then even the right password is refused.
      const blocked = await loginRequest('admin', 'a-test-admin-password', address);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await blocked.json()).error.code).toBe('TOO_MANY_REQUESTS');
      // Another address is not affected.
      expect((await loginRequest('admin', 'a-test-admin-password')).status).toBe(200);
    });
  });

  it('counts each attempt before checking it: of 20 parallel guesses from one address, only the free ones are tried', async () => {
    await withRateLimitMultiplier(1, async () => {
      const address = newAddress();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          loginRequest(`parallel-${index}`, 'wrong-password', address),
        ),
      );
      const statuses = answers.map((response) => response.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(ADDRESS_POLICY.free);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - ADDRESS_POLICY.free);
    });
  });

  it('counts wrong old passwords on a password change like failed sign-ins', async () => {
    const token = await activeToken(
      (await createUser(await tokenOf('admin', 'a-test-admin-password'), 'careless')).username,
    );
    const [user] = await db().select().from(users).where(eq(users.username, 'careless'));
    await withRateLimitMultiplier(1, async () => {
      const change = (oldPass: string) =>
        changePass(
          as(token, '/api/users/change-pass', {
            body: { uuid: user!.id, oldPass, newPass: 'a-brand-new-password' },
          }),
          noParams,
        );
      for (let attempt = 0; attempt < ADDRESS_POLICY.free; attempt++) {
        expect((await change(`wrong-old-${attempt}`)).status).toBe(422);
      }
      const refused = await change('careless-new-password');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});

describe('users', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await tokenOf('admin', 'a-test-admin-password');
  });

  it('creates a user whose initial password must be changed before anything else, then lists them', async () => {
    const created = await createUser(admin, 'clerk.one');
    expect(created).toMatchObject({ username: 'clerk.one', mustChangePassword: true });
    expect(JSON.stringify(created)).not.toContain('password_hash');
    const temporary = await tokenOf('clerk.one', 'initial-password-1');
    // Their own record can be read (the client's principal); any other secured call waits for the new password.
    const self = await getUser(as(temporary, '/api/users/user?username=clerk.one'), noParams);
    expect(self.status).toBe(200);
    expect((await self.json()).role).toEqual({
      name: 'OPERATOR',
      permissions: [
        { authority: 'CATALOG_READ' },
        { authority: 'INVOICE_READ' },
        { authority: 'ORDER_SUPPORT' },
        { authority: 'PAYMENT_READ' },
      ],
    });
    expect((await listRoles(as(temporary, '/api/users/roles'), noParams)).status).toBe(403);

    const fresh = await activeToken('clerk.one');
    // OPERATOR may not read users.
    expect((await listUsers(as(fresh, '/api/users'), noParams)).status).toBe(403);
    const list = (await (await listUsers(as(admin, '/api/users'), noParams)).json()) as {
      username: string;
    }[];
    expect(list.map((user) => user.username)).toEqual(expect.arrayContaining(['admin', 'clerk.one']));
  });

  it('refuses a taken username, a short password and an unknown role, naming the field', async () => {
    const issues = async (body: unknown) => {
      const response = await signUp(as(admin, '/api/users/sign-up', { body }), noParams);
      expect(response.status).toBe(422);
      return ((await response.json()).error.issues as { path: string; code: string }[]).map(
        (issue) => `${issue.path}:${issue.code}`,
      );
    };
    await createUser(admin, 'taken-name');
    expect(
      await issues({ username: 'taken-name', password: 'long-enough-password', role: 'OPERATOR' }),
    ).toEqual(['username:usernameTaken']);
    expect(await issues({ username: 'short-pass', password: 'short', role: 'OPERATOR' })).toEqual([
      'password:passwordTooShort',
    ]);
    expect(await issues({ username: 'x', password: 'long-enough-password', role: 'OPERATOR' })).toEqual([
      'username:usernameInvalid',
    ]);
    expect(await issues({ username: 'no-such-role', password: 'long-enough-password', role: 'GOD' })).toEqual(
      ['role:roleUnknown'],
    );
  });

  it('resets a password: the temporary one is shown once, old tokens die, the next sign-in must change it', async () => {
    const user = await createUser(admin, 'forgetful');
    const token = await activeToken('forgetful');
    const response = await reset(
      as(admin, `/api/users/reset?uuid=${user.uuid}`, { method: 'POST' }),
      noParams,
    );
    expect(response.status).toBe(200);
    const { temporaryPassword } = (await response.json()) as { temporaryPassword: string };
    expect(temporaryPassword).toHaveLength(16);
    // The old token is revoked.
    expect((await getUser(as(token, '/api/users/user?username=forgetful'), noParams)).status).toBe(401);
    const signedIn = await loginRequest('forgetful', temporaryPassword);
    expect(await signedIn.json()).toEqual({ username: 'forgetful', mustChangePassword: true });
  });

  it('shows staff until when failed sign-ins hold an account back, and a reset gives it its attempts back', async () => {
    const user = await createUser(admin, 'held-back');
    const view = async () =>
      (await (await getUser(as(admin, '/api/users/user?username=held-back'), noParams)).json()) as {
        lockedUntil: string | null;
      };
    expect((await view()).lockedUntil).toBeNull();
    await withRateLimitMultiplier(1, async () => {
      for (let guess = 0; guess < ACCOUNT_POLICY.free; guess++) {
        await expect(
          signIn(db(), { username: 'held-back', password: `guess-${guess}`, address: newAddress() }),
        ).rejects.toMatchObject({ status: 401 });
      }
      const { lockedUntil } = await view();
      expect(lockedUntil).not.toBeNull();
      const wait = Date.parse(lockedUntil!) - Date.now();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(ACCOUNT_POLICY.firstDelaySeconds * 1000 + 1000);
      expect(
        (await reset(as(admin, `/api/users/reset?uuid=${user.uuid}`, { method: 'POST' }), noParams)).status,
      ).toBe(200);
      expect((await view()).lockedUntil).toBeNull();
    });
  });

  it('changes one’s own password only with the current one, and revokes the tokens issued before', async () => {
    const user = await createUser(admin, 'changer');
    const token = await activeToken('changer');
    const wrongOld = await changePass(
      as(token, '/api/users/change-pass', {
        body: { uuid: user.uuid, oldPass: 'nope', newPass: 'another-long-password' },
      }),
      noParams,
    );
    expect(wrongOld.status).toBe(422);
    expect((await wrongOld.json()).error.issues[0]).toMatchObject({ path: 'oldPass', code: 'passwordWrong' });
    const someoneElse = await changePass(
      as(token, '/api/users/change-pass', {
        body: {
          uuid: (await createUser(admin, 'bystander')).uuid,
          oldPass: 'x',
          newPass: 'another-long-password',
        },
      }),
      noParams,
    );
    expect(someoneElse.status).toBe(403);
    const changed = await changePass(
      as(token, '/api/users/change-pass', {
        body: { uuid: user.uuid, oldPass: 'changer-new-password', newPass: 'another-long-password' },
      }),
      noParams,
    );
    expect(changed.status).toBe(200);
    const renewed = changed.headers.get('authorization')!;
    expect((await getUser(as(token, '/api/users/user?username=changer'), noParams)).status).toBe(401);
    expect((await getUser(as(renewed, '/api/users/user?username=changer'), noParams)).status).toBe(200);
  });

  it('removes a user and their tokens with them; never oneself, never the last admin', async () => {
    const user = await createUser(admin, 'leaver');
    const token = await activeToken('leaver');
    expect(
      (await removeUser(as(admin, `/api/users/user?uuid=${user.uuid}`, { method: 'DELETE' }), noParams))
        .status,
    ).toBe(204);
    expect((await getUser(as(token, '/api/users/user?username=leaver'), noParams)).status).toBe(401);

    const [self] = await db().select().from(users).where(eq(users.username, 'admin'));
    const selfRemoval = await removeUser(
      as(admin, `/api/users/user?uuid=${self!.id}`, { method: 'DELETE' }),
      noParams,
    );
    expect(selfRemoval.status).toBe(409);

    // A second admin may not remove the only other admin once it is the last one left... but may while two exist.
    const second = await createUser(admin, 'second-admin', 'ADMIN');
    const secondToken = await activeToken('second-admin');
    expect(
      (await removeUser(as(secondToken, `/api/users/user?uuid=${self!.id}`, { method: 'DELETE' }), noParams))
        .status,
    ).toBe(204);
    const lastOne = await removeUser(
      as(secondToken, `/api/users/user?uuid=${second.uuid}`, { method: 'DELETE' }),
      noParams,
    );
    expect(lastOne.status).toBe(409);
  });

  it('writes every change to the audit log, without any password', async () => {
    const entries = await db().select().from(auditLog);
    const actions = new Set(entries.map((entry) => entry.action));
    expect(actions).toEqual(
      new Set(['user.create', 'user.changePassword', 'user.resetPassword', 'user.remove']),
    );
    expect(JSON.stringify(entries)).not.toMatch(/password-1|new-password|temporaryPassword/);
    expect(entries.every((entry) => entry.actorName && entry.at instanceof Date)).toBe(true);
  });
});

describe('tokens', () => {
  it('refuses a token signed with another algorithm or an expired one', async () => {
    const [admin] = await db().select().from(users).where(eq(users.username, 'second-admin'));
    const secret = await signingSecret(db());
    const expired = await new SignJWT({ ver: admin!.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin!.id)
      .setIssuer('road-partners-shop')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    expect((await listUsers(as(`Bearer ${expired}`, '/api/users'), noParams)).status).toBe(401);
    const otherAlgorithm = await new SignJWT({ ver: admin!.tokenVersion })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(admin!.id)
      .setIssuer('road-partners-shop')
      .setExpirationTime('1h')
      .sign(secret);
    expect((await listUsers(as(`Bearer ${otherAlgorithm}`, '/api/users'), noParams)).status).toBe(401);
  });
});
