import { useSyncExternalStore } from 'react';
import { CURRENT_USER_KEY, isApiRequestError, PRINCIPAL_KEY } from '@/lib/client/api';
import {
  fetchPrincipal,
  postChangePassword,
  postLogin,
  postLogout,
  type Authority,
  type Principal,
} from './admin-api';

/**
 * The signed-in staff member (docs/screens.md, Back-office session): `currentUser` ({username, token}) and `principal`
 * (the user record) in localStorage, the permission list flattened from the principal's role. One store for the whole
 * back-office, read by components through `useSession()`.
 */

export interface CurrentUser {
  username: string;
  /** The login answer's Authorization header as it came: `Bearer eyJ...`. */
  token: string;
}

export type Session =
  /** Before the browser's storage was read (the server's render and the first hydration pass). */
  | { status: 'unknown' }
  | { status: 'signedOut' }
  | {
      status: 'signedIn';
      currentUser: CurrentUser;
      /** Null only while it is being loaded again (a sign-in interrupted between the two writes). */
      principal: Principal | null;
      permissions: readonly string[];
      /** A temporary or initial password: nothing but the password change until it is replaced. */
      mustChangePassword: boolean;
    };

/** The login answer had no Authorization header: nothing is stored (docs/screens.md, Back-office session). */
export class MissingTokenError extends Error {
  constructor() {
    super('The sign-in answer carried no Authorization header');
    this.name = 'MissingTokenError';
  }
}

const UNKNOWN: Session = { status: 'unknown' };
const SIGNED_OUT: Session = { status: 'signedOut' };

let session: Session = UNKNOWN;
const listeners = new Set<() => void>();

function publish(next: Session) {
  session = next;
  for (const listener of listeners) listener();
}

function readStored<T>(key: string, valid: (value: unknown) => value is T): T | null {
  try {
    const raw = localStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return valid(value) ? value : null;
  } catch {
    // Storage disabled, or a value that is not ours.
    return null;
  }
}

function store(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the session lasts as long as the page.
  }
}

function removeStored() {
  try {
    localStorage.removeItem(CURRENT_USER_KEY);
    localStorage.removeItem(PRINCIPAL_KEY);
  } catch {
    // nothing stored to remove
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isCurrentUser = (value: unknown): value is CurrentUser =>
  isObject(value) &&
  typeof value.username === 'string' &&
  typeof value.token === 'string' &&
  value.token !== '';

const isPrincipal = (value: unknown): value is Principal =>
  isObject(value) &&
  typeof value.uuid === 'string' &&
  typeof value.username === 'string' &&
  isObject(value.role) &&
  Array.isArray(value.role.permissions);

/** docs/screens.md, Back-office session: the role's permissions flattened to their authority strings. */
export const permissionsOf = (principal: Principal | null): string[] =>
  (principal?.role.permissions ?? [])
    .map((permission) => permission?.authority)
    .filter((authority): authority is string => typeof authority === 'string');

function signedIn(
  currentUser: CurrentUser,
  principal: Principal | null,
  mustChangePassword?: boolean,
): Session {
  return {
    status: 'signedIn',
    currentUser,
    principal,
    permissions: permissionsOf(principal),
    mustChangePassword: mustChangePassword ?? principal?.mustChangePassword === true,
  };
}

/** The token's expiry and subject, read without checking the signature (the server checks it on every call). */
function tokenClaims(token: string): { sub?: string; exp?: number } {
  try {
    const payload = token.replace(/^\w+ /, '').split('.')[1] ?? '';
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims: unknown = JSON.parse(json);
    return isObject(claims)
      ? { sub: claims.sub as string | undefined, exp: claims.exp as number | undefined }
      : {};
  } catch {
    return {};
  }
}

const isExpired = (token: string, now = Date.now()) => {
  const { exp } = tokenClaims(token);
  return typeof exp === 'number' && exp * 1000 <= now;
};

/**
 * Start-up (docs/screens.md, Back-office session): the session from the browser's storage. A token already expired is
 * dropped at once rather than shown as a session that fails at its first call.
 */
export function restoreSession(): Session {
  publish(storedSession());
  return session;
}

function storedSession(): Session {
  const currentUser = readStored(CURRENT_USER_KEY, isCurrentUser);
  if (!currentUser || isExpired(currentUser.token)) {
    if (currentUser) removeStored();
    return SIGNED_OUT;
  }
  const principal = readStored(PRINCIPAL_KEY, isPrincipal);
  return signedIn(currentUser, principal?.username === currentUser.username ? principal : null);
}

/** The session, read from storage on first use in a browser (without notifying: this may run during a render). */
export function getSession(): Session {
  if (session.status === 'unknown' && typeof window !== 'undefined') session = storedSession();
  return session;
}

/**
 * docs/screens.md, Back-office session: true only if the loaded list holds exactly this authority; with no list, false.
 */
export function hasPermission(authority: Authority, current: Session = getSession()): boolean {
  return current.status === 'signedIn' && current.permissions.includes(authority);
}

/** Loads the principal of the stored user and keeps it; a failure leaves the session as it was. */
async function loadPrincipal(currentUser: CurrentUser, mustChangePassword?: boolean): Promise<Session> {
  const principal = await fetchPrincipal(currentUser.username);
  store(PRINCIPAL_KEY, principal);
  publish(signedIn(currentUser, principal, mustChangePassword ?? principal.mustChangePassword === true));
  return session;
}

/**
 * Sign-in (docs/screens.md, Back-office session): with the answer's Authorization header, store `currentUser`, load the
 * user record, store it as `principal` and reload the permissions. Without the header nothing is stored. If the user
 * record cannot be loaded the sign-in fails as a whole, leaving nothing half stored.
 */
export async function login(username: string, password: string): Promise<Session> {
  const { token, answer } = await postLogin({ username, password });
  if (!token) throw new MissingTokenError();
  const currentUser: CurrentUser = { username: answer.username || username, token };
  store(CURRENT_USER_KEY, currentUser);
  try {
    return await loadPrincipal(currentUser, answer.mustChangePassword || undefined);
  } catch (error) {
    removeStored();
    publish(SIGNED_OUT);
    throw error;
  }
}

/**
 * A sign-in whose principal was not stored (the page closed between the two writes): load it now. False when it
 * could not be loaded; a refused token (401) also signs out.
 */
export async function resumeSession(): Promise<boolean> {
  const current = getSession();
  if (current.status !== 'signedIn' || current.principal) return true;
  try {
    await loadPrincipal(current.currentUser);
    return true;
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) logout();
    return false;
  }
}

/**
 * The sign-out button: the server revokes the token first (a copy of it, in a proxy log or another tab, stops
 * working), then the session is cleared here whether or not the server could be reached.
 */
export async function signOut() {
  if (getSession().status === 'signedIn') await postLogout().catch(() => undefined);
  logout();
}

/** Sign-out (docs/screens.md, Back-office session): both stored entries removed, an empty session published. */
export function logout() {
  removeStored();
  publish(SIGNED_OUT);
}

/**
 * `POST /api/users/change-pass` for the signed-in user: the server revokes the old token and answers with a new
 * one, which replaces `currentUser.token`; the principal is then loaded again (it no longer asks for a change).
 */
export async function changeOwnPassword(oldPass: string, newPass: string): Promise<void> {
  const current = getSession();
  if (current.status !== 'signedIn') throw new Error('Not signed in');
  const uuid = current.principal?.uuid ?? tokenClaims(current.currentUser.token).sub ?? '';
  const { token } = await postChangePassword({ oldPass, newPass, uuid });
  const currentUser = token ? { ...current.currentUser, token } : current.currentUser;
  const principal = current.principal && { ...current.principal, mustChangePassword: false };
  store(CURRENT_USER_KEY, currentUser);
  if (principal) store(PRINCIPAL_KEY, principal);
  publish(signedIn(currentUser, principal, false));
  // The record as the server now has it; the one above serves if it cannot be read.
  await loadPrincipal(currentUser, false).catch(() => undefined);
}

function onStorage(event: StorageEvent) {
  // Another tab signed in or out: follow it.
  if (event.key === null || event.key === CURRENT_USER_KEY || event.key === PRINCIPAL_KEY) restoreSession();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export const useSession = (): Session => useSyncExternalStore(subscribe, getSession, () => UNKNOWN);

export const usePermission = (authority: Authority): boolean => hasPermission(authority, useSession());
